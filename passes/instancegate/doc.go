// Package instancegate reports a gate kept in a struct field, created
// fresh for every instance, that guards a process-wide resource: two
// instances never exclude each other, so the resource is used by as many
// holders at once as there are instances.
//
// The gate model gives the uses of resources on the package's paths with
// the gates held at each. A use of a package-level variable with only a
// field gate held makes that field a candidate; the pass then checks, over
// the package's SSA, that instances get fresh gates (semaphore.NewWeighted,
// make(chan ...), new(sync.Mutex), or a zero-valued mutex inside the
// struct) and are never bound to a shared one, and that more than one
// instance can exist.
//
// # Analyzer instancegate
//
// instancegate: report per-instance gates that guard process-wide resources
//
// instancegate finds a gate kept in a struct field, created fresh for each
// instance, that guards a resource shared by the whole process.
//
// Findings are latent: the resource is used at once only when two
// instances work at the same time.
//
// # Why it matters
//
// A gate on an instance only excludes calls on that instance. When its
// critical sections write a package-level resource (a device, a client, a
// map), a second instance brings a second gate. Both instances then use the
// resource at once. A one-permit semaphore meant to admit one GPU job admits
// one job per adapter, and a mutex around a package-level map lets two
// instances write the map together: a data race, or a crash with "concurrent
// map writes". The bug appears only once the program makes more than one
// instance, often long after the code was written.
//
// # Example
//
//	type Device struct{ mem int }
//
//	func (d *Device) Infer(x int) int {
//		d.mem += x
//		return d.mem
//	}
//
//	var gpu = &Device{}
//
//	type Adapter struct {
//		sem *semaphore.Weighted // Adapter.sem is a per-instance gate, but its critical sections use gpu.mem, which is process-wide: when two Adapters run them at the same time, they hold two gates and use gpu.mem together
//	}
//
//	func NewAdapter() *Adapter {
//		return &Adapter{sem: semaphore.NewWeighted(1)}
//	}
//
//	func (a *Adapter) Generate(ctx context.Context, x int) (int, error) {
//		if err := a.sem.Acquire(ctx, 1); err != nil {
//			return 0, err
//		}
//		defer a.sem.Release(1)
//		return gpu.Infer(x), nil
//	}
//
// The report sits on the field. It points to where each instance gets its
// own gate, and to the use of the shared resource. A fresh gate is one made
// on the spot: semaphore.NewWeighted, "make(chan …)", new(sync.Mutex) or
// &sync.Mutex{}, or a mutex held by value in the struct.
//
// # Fix
//
// Make one package-level gate per resource, and bind every instance to it:
//
//	var (
//		gpu     = &Device{}
//		gpuGate = semaphore.NewWeighted(1)
//	)
//
//	func NewAdapter() *Adapter { return &Adapter{sem: gpuGate} }
//
// Or let the caller pass the shared gate in:
//
//	func NewPusher(sem *semaphore.Weighted) *Pusher { return &Pusher{sem: sem} }
//
// # What is not reported
//
//   - A field bound to a package-level gate ("&Adapter{sem: gpuGate}"), or
//     to a gate the caller passes in. A field that is ever bound to a gate
//     it did not make on the spot is not reported.
//   - Critical sections that use only the instance's own state.
//   - Critical sections in test code (a test's helper that swaps a
//     package-level setting under an instance's lock): a test runs them
//     in the order it spells, not beside another instance's.
//   - A read lock of the instance's RWMutex held around a process-wide
//     write: read locks do not exclude each other, not even on one
//     instance, so the lock is no gate of what is written (a lazy
//     set-up of a package-level reporter under c.mux.RLock races without
//     a second instance; that is no per-instance gate's doing).
//   - Critical sections that only read a process-wide value, such as a
//     setting, or a value written only in init.
//   - Process-wide values that synchronise themselves: atomics (also a plain
//     field the package accesses with sync/atomic functions), sync.Map,
//     the standard logger.
//   - A resource that the critical section also guards with a package-level
//     gate.
//   - A package-level value set inside the Do of a package-level sync.Once
//     ("poolOnce.Do(func() { pool = newPool() })"): it is set once for the
//     whole process, whatever instance's lock is held around it. So is
//     one made behind an atomic claim of a package-level word (a
//     CompareAndSwap of a pool's status from one constant state to
//     another, which one goroutine wins at a time): the claim is the
//     process-wide gate. A CompareAndSwap loop that counts (old to old+1)
//     claims nothing.
//   - A struct of which the package makes a single instance, such as one
//     kept in a package-level variable, or one at a time (a singleton
//     that a reset replaces with a new instance made only to be put in
//     that variable). Instances count as many when they
//     are made in a loop, in an exported or escaping function, or in a
//     function called more than once.
//   - A semaphore made inside a function to limit fan-out within one call:
//     it is not kept on an instance.
//   - A use in a goroutine started while the lock is held: the goroutine
//     runs after its starter lets go of the lock ("p.mu.Lock(); go
//     p.dial(addr)"). Unless the starter waits for its end, still
//     holding the lock (a deferred wg.Done or close(done) in the
//     goroutine, the Wait or receive after the go statement), or the
//     goroutine takes the lock over and releases it itself.
//
// # Suppressing a report
//
// Put "//gatevet:ignore instancegate reason" on the reported line (the field
// declaration) or on the line above it:
//
//	type Adapter struct {
//		//gatevet:ignore instancegate NewAdapter is called once, from main
//		sem *semaphore.Weighted
//	}
//
// The reason is required. An ignore without one suppresses nothing and is
// itself reported. An ignore that has nothing to suppress on its line or the
// next is reported too. Under golangci-lint, //nolint:gatevet also works.
//
// # Run it alone
//
//	go vet -vettool="$(go env GOPATH)/bin/gatevet" -vetsuite=false -instancegate ./...
//	gatevet help instancegate
//
// -vetsuite=false leaves out the standard go vet analyzers, and
// -instancegate selects this analyzer only. "gatevet help instancegate"
// prints its documentation. Malformed //gatevet: directives are reported by
// the [directives] analyzer, so a run of instancegate alone does not check
// them (-instancegate -directives does).
//
// [directives]: https://github.com/gatevet/gatevet/blob/main/docs/analyzers/directives.md
package instancegate
