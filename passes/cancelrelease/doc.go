// Package cancelrelease reports a gate released on a cancellation branch
// while a goroutine doing the guarded work is still running.
//
// Cancelling a wait cancels the waiting, not the work: when a function
// holding a permit starts the work in a goroutine and then selects on the
// work's result and ctx.Done() (or a timer), the ctx.Done() branch returns
// and releases the permit while the goroutine still uses the resource.
// The next caller acquires the permit legally and runs beside it.
//
// The pass reads the gate model: the gates held before each instruction
// (FuncInfo.Walk), the goroutines a function starts (FuncInfo.Starts), and
// whether the start handed the gate to the goroutine (a goroutine that
// releases the gate owns it). From each cancellation case of a select it
// follows the paths forward; a path that releases the gate before it
// waits for the goroutine is reported at the release.
//
// # Analyzer cancelrelease
//
// cancelrelease: report gates released on a cancellation branch while their work still runs
//
// cancelrelease finds a gate that is released on a cancellation branch while
// the goroutine doing the guarded work is still running.
//
// Findings are certain: on the cancellation path the gate is given back
// while the admitted work still runs. For a read lock they are latent:
// letting it go early admits a writer, not another reader, so the report
// names a write lock of the same RWMutex in the package, and there is
// none when nothing write-locks it.
//
// # Why it matters
//
// Cancelling a wait cancels the waiting, not the work. A function takes a
// permit, starts the work in a goroutine, and selects on the result and on
// ctx.Done(). On cancellation it returns, and the deferred release frees the
// permit. The goroutine is still using the resource. The next caller
// acquires the permit legally and runs beside it, so a one-permit GPU
// semaphore admits two jobs, and after repeated timeouts, many. With a
// mutex, the goroutine keeps writing state the lock guards after it has been
// unlocked: a data race.
//
// # Example
//
//	var gpuSem = semaphore.NewWeighted(1)
//
//	func Generate(ctx context.Context, img []byte) ([]byte, error) {
//		if err := gpuSem.Acquire(ctx, 1); err != nil {
//			return nil, err
//		}
//		defer gpuSem.Release(1)
//		done := make(chan result, 1)
//		go func() { done <- runModel(img) }()
//		select {
//		case r := <-done:
//			return r.img, r.err
//		case <-ctx.Done():
//			return nil, ctx.Err() // gpuSem is released by the deferred release when this returns, on the ctx.Done() branch, while the goroutine started at … (a func literal running runModel) may still run
//		}
//	}
//
// The gate may be a semaphore.Weighted, a channel semaphore, a mutex or a
// read lock. The release may be deferred or explicit. The cancellation may
// be ctx.Done(), time.After, time.Tick, or a time.Timer or time.Ticker
// channel. The work may be started by a go statement, errgroup.Group.Go,
// sync.WaitGroup.Go, or a helper (in any package) that starts a goroutine
// and returns its done channel.
//
// # Fix
//
// Keep the gate until the goroutine exits. On cancellation, wait for the
// work before the deferred release runs:
//
//	select {
//	case r := <-done:
//		return r.img, r.err
//	case <-ctx.Done():
//		<-done
//		return nil, ctx.Err()
//	}
//
// Or hand the permit to the goroutine, which releases it when the work is
// done:
//
//	if err := gpuSem.Acquire(ctx, 1); err != nil {
//		return nil, err
//	}
//	done := make(chan result, 1)
//	go func() {
//		defer gpuSem.Release(1)
//		done <- runModel(img)
//	}()
//
// # What is not reported
//
//   - A cancellation branch that waits for the goroutine before the release:
//     <-done, wg.Wait(), g.Wait(), or a select on the result only.
//   - A goroutine that owns the gate and releases it itself, including an
//     errgroup goroutine.
//   - A goroutine that gets the context, or one derived from it, such as
//     "go func() { done <- work(ctx) }()" or errgroup.WithContext: it can
//     stop.
//   - A plain receive with no cancellation case.
//   - A goroutine started before the gate was acquired, or after it was
//     released.
//   - A gate local to the call ("sem := semaphore.NewWeighted(1)" inside the
//     function): no other caller can acquire it.
//   - For mutexes, a goroutine that uses none of the state the mutex guards
//     (for example one that only reads from a connection). State is what
//     something writes after the value is shared: a name or a logger set
//     only at construction is not.
//   - A select that runs while the gate is not held.
//   - A goroutine that the select does not wait for on its other cases
//     (they receive nothing from it, and do not wait for it before the
//     release): it outlives the gate on every path, the successful one
//     too, as a goroutine that follows a started process's log does.
//
// # Suppressing a report
//
// Put "//gatevet:ignore cancelrelease reason" on the reported line or on the
// line above it. The report sits on the explicit release, or on the return
// that runs the deferred one:
//
//	return nil, ctx.Err() //gatevet:ignore cancelrelease runModel returns within 10ms
//
// The reason is required. An ignore without one suppresses nothing and is
// itself reported. An ignore that has nothing to suppress on its line or the
// next is reported too. Under golangci-lint, //nolint:gatevet also works.
//
// When the permit is released by a deferred method call such as
// "defer gpuSem.Release(1)", the goroutine is a "go func() { … }()" literal
// started in the same block, and the code after the select only returns, the
// report carries a suggested fix: it moves the deferred release into the
// goroutine. "gatevet -cancelrelease -fix -diff ./..." shows the edit;
// without -diff, -fix applies it.
//
// # Run it alone
//
//	go vet -vettool="$(go env GOPATH)/bin/gatevet" -vetsuite=false -cancelrelease ./...
//	gatevet help cancelrelease
//
// -vetsuite=false leaves out the standard go vet analyzers, and
// -cancelrelease selects this analyzer only. "gatevet help cancelrelease"
// prints its documentation. Malformed //gatevet: directives are reported by
// the [directives] analyzer, so a run of cancelrelease alone does not check
// them (-cancelrelease -directives does).
//
// [directives]: https://github.com/gatevet/gatevet/blob/main/docs/analyzers/directives.md
package cancelrelease
