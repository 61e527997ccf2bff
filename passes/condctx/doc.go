// Package condctx reports sync.Cond waits that can never see a context.
//
// sync.Cond predates context: a for !cond { c.Wait() } loop reached from
// a request handler blocks until someone signals, however long ago the
// client left. Goroutines pile up, and graceful shutdown stops working.
//
// The gate model lists each function's Wait loops with what they can
// see (a context used inside the loop, a way out such as a shutdown flag
// that the package writes, or the clock, itself or as what a function
// returns, a fuse of another package's IsBroken too), and summarises functions
// without a context that may block in such a loop (CondBlocks), through
// calls and across packages. The pass reports:
//   - a Wait loop in a function with a context in scope (a parameter, a
//     captured variable, a field of the receiver) that neither observes
//     it nor has a watcher that wakes the waiters on cancellation
//     (context.AfterFunc, or a goroutine receiving from ctx.Done());
//   - a call, from a function with a context, of a function without one
//     that may block in a Wait loop with no way out: once per Wait, at the
//     package's first such call, whose message and related positions
//     name the others;
//   - a watcher that Broadcasts or Signals without holding the lock, so
//     a waiter can check the context and park just after the wake-up.
//
// # Analyzer condctx
//
// condctx: report sync.Cond wait loops that cannot observe a context
//
// condctx finds [sync.Cond] wait loops that can never see the context of the
// function they run in.
//
// Findings are certain: the waiting path cannot observe its context at
// all. Two are latent. A wait for a slot of a bounded pool (for p.active
// >= p.max { Wait }; p.active++: a counter the waiter counts itself into,
// itself or in a helper, compared with a bound; also a bounded queue's
// push, for q.count == q.max { Wait }) waits on after cancellation only while every
// slot stays taken, since each holder gives its slot back as a
// semaphore's permit comes back. A watcher's wake-up without the lock is
// lost only when it lands between a waiter's check and its Wait.
//
// # Why it matters
//
// sync.Cond.Wait knows nothing of context.Context. A
// "for !cond { c.Wait() }" loop waits until another goroutine signals. In a
// request handler, the client may leave or a shutdown may cancel the
// context, but nothing wakes the loop: the goroutine is stuck forever. Such
// goroutines pile up and hold their memory, and graceful shutdown hangs
// waiting for them.
//
// # Example
//
//	type Queue struct {
//		mu    sync.Mutex
//		cond  *sync.Cond
//		items []any
//	}
//
//	func (q *Queue) Get(ctx context.Context) (any, error) {
//		q.mu.Lock()
//		defer q.mu.Unlock()
//		for len(q.items) == 0 {
//			q.cond.Wait() // Get waits in a sync.Cond loop that never looks at ctx, and nothing wakes it when ctx is cancelled
//		}
//		return q.pop(), nil
//	}
//
// The context may be a parameter, a variable captured by a function literal,
// or a field of the receiver (w.ctx).
//
// # Fix
//
// Wake the waiters on cancellation with [context.AfterFunc], taking the Cond's
// lock around the Broadcast, and check ctx.Err() in the loop:
//
//	func (q *Queue) Get(ctx context.Context) (any, error) {
//		stop := context.AfterFunc(ctx, func() {
//			q.mu.Lock()
//			defer q.mu.Unlock()
//			q.cond.Broadcast()
//		})
//		defer stop()
//		q.mu.Lock()
//		defer q.mu.Unlock()
//		for len(q.items) == 0 {
//			if err := ctx.Err(); err != nil {
//				return nil, err
//			}
//			q.cond.Wait()
//		}
//		return q.pop(), nil
//	}
//
// # Also reported
//
//   - A call, from a function with a context, of a function without one that
//     may block in such a loop with no way out, directly or through other
//     calls, in any package:
//     "return q.Get() // (*Queue).Get blocks in sync.Cond.Wait (…) and cannot observe ctx".
//     When that function belongs to another module (a dependency), the
//     report says so: the Wait is fixed there, and meanwhile the caller
//     can run the call on a goroutine and select on its result and
//     ctx.Done().
//   - A cancellation watcher that wakes the waiters without holding the
//     lock:
//     "q.cond.Broadcast() // this cancellation wake-up runs without the Cond's lock".
//     A waiter can check the context, miss the wake-up and park until
//     another Signal or Broadcast of the Cond, which the report lists
//     (the cancellation is then late, not lost), or, when the package
//     has none, for good.
//
// # What is not reported
//
//   - A loop that checks the context, for example with ctx.Err(), itself or
//     in a function of the package it calls (a condition literal,
//     "for !ready() { c.Wait() }" where ready checks ctx.Err()).
//   - A function that registers a watcher that wakes the waiters:
//     "context.AfterFunc(ctx, f)" where f calls Broadcast or Signal, or a
//     goroutine that receives from ctx.Done() and does.
//   - A wait in a method whose context is a field of its receiver, after
//     it has called the receiver's own context.CancelFunc on every path
//     to it: a Close that cancels its context and then waits for the work
//     under way to drain means that wait, and the context it would watch
//     is cancelled already. A child context's cancel, or another
//     object's, does not count.
//   - A loop another goroutine can open: a bool or error that the package
//     sets (a closed flag set by Close, an error set by CloseWithError), an
//     atomic flag, or the clock (a deadline, or an injected clock, with a
//     timer that Broadcasts), as in client-go's work queue; read directly
//     or through a function of the package that returns it
//     (for m.resizing() { m.cond.Wait() }), generic types' included.
//   - A loop that waits for work already under way, which ends when the
//     work does: a drain to a snapshot (n := m.queued; for m.done < n
//     { m.cond.Wait() }, the jobs queued so far, which a worker works
//     through), or a wait for a goroutine the waiting function starts
//     itself, directly or through its callees, that wakes the same Cond
//     (a write stall that schedules a flush and waits for it), or a wait
//     on a Cond local to a function that starts goroutines waking it on
//     their way out, once the call they pass the context to has returned
//     (streams started at once, each waiting in its callback for the
//     others' headers and waking them when its stream returns, on an
//     error or on the cancellation it sees). A goroutine that wakes the
//     Cond only before its work, or as a pump of what a caller sends,
//     ends no wait.
//   - The acquire of a gate built on the Cond: the waiter counts itself
//     into the state its loop tests (for p.state>>32 != 0 { Wait };
//     p.state++), and a function that writes that state and wakes the
//     Cond is called, on the same object, by a function that enters (enter,
//     then defer leave). It waits for holders under way, as Lock does. A
//     counting queue's take (for j.n == 0 { Wait }; j.n--), whose Put no
//     function pairs with it on one queue, is reported.
//   - A join: a loop that waits while a count of work is not zero (for
//     s.rpcs > 0 { Wait }), where the work counts itself in and out
//     (begin(); defer end() on the same object, or a sync.WaitGroup built
//     on a Cond whose Done is Add(-1)). It ends when that work does, as
//     sync.WaitGroup's Wait does; whether the work ends on cancellation
//     is up to the contexts it runs with. A drain that waits for a
//     consumer to count items out (for q.count != 0 { Wait }, emptied by
//     Pop), or whose count-out is not deferred, is reported.
//   - No context anywhere on the way: a function without a context, or a
//     goroutine literal that does not capture the context.
//   - A context nothing can cancel: a parameter without a name (a
//     callback's signature, func(context.Context), that the function
//     cannot read), or a variable set only to context.Background() or
//     context.TODO(), as tests do, or to a WithCancel of one whose cancel
//     is only deferred (nothing cancels it while the function waits).
//   - A call of a function whose name contains stop, close, shutdown or
//     drain (q.Drain()): such calls are meant to block until what they stop
//     has drained.
//   - Test code (_test.go files): a test drives its own mocks, and a test
//     that hangs meets go test's -timeout.
//
// # Suppressing a report
//
// Put "//gatevet:ignore condctx reason" on the reported line or on the line
// above it:
//
//	q.cond.Wait() //gatevet:ignore condctx every caller passes context.Background()
//
// The reason is required. An ignore without one suppresses nothing and is
// itself reported. An ignore that has nothing to suppress on its line or the
// next is reported too. Under golangci-lint, //nolint:gatevet also works.
//
// When the context is a parameter, the function returns an error last, the
// Wait is a statement in a for loop, and the file imports context, the
// report carries a suggested fix. It registers context.AfterFunc before the
// loop (taking c.L around the Broadcast), and checks ctx.Err() after each
// Wait. "gatevet -condctx -fix -diff ./..." shows the edit; without -diff,
// -fix applies it.
//
// # Run it alone
//
//	go vet -vettool="$(go env GOPATH)/bin/gatevet" -vetsuite=false -condctx ./...
//	gatevet help condctx
//
// -vetsuite=false leaves out the standard go vet analyzers, and -condctx
// selects this analyzer only. "gatevet help condctx" prints its
// documentation. Malformed //gatevet: directives are reported by
// the [directives] analyzer, so a run of condctx alone does not check
// them (-condctx -directives does).
//
// [directives]: https://github.com/gatevet/gatevet/blob/main/docs/analyzers/directives.md
package condctx
