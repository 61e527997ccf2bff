// Package holdwait reports a goroutine that waits for another while
// holding a gate the other must take first: Coffman's hold-and-wait, the
// way shutdown paths hang.
//
// A wait is a plain receive or send (not a channel semaphore's operation,
// nor a receive that takes back a value its object recorded as sent: a
// flag set right after the send and cleared after the receive, both
// under the object's lock, gate.Result.TakesOwnToken),
// sync.WaitGroup.Wait, errgroup.Group.Wait, a call of a helper that, on
// every path, receives from or Waits on a field of what it is given
// (c.awaitLoop(), which does <-c.done), or that Waits on a Cond field of
// it on some paths (a queue's take, for len(q.items) == 0 {
// q.cond.Wait() }, taking and giving back the Cond's lock around it: a
// latent finding, the call must wait), or sync.Cond.Wait, which
// lets go of the Cond's own lock only (cond.go: judged when every
// sync.NewCond the package stores into the Cond's field is given the
// same lock field); the gate model's must-held
// dataflow (gate.FuncInfo.Walk) gives the gates held there. A mutex, an
// RWMutex, a Locker or a //gatevet:gate type counts, and so does a
// semaphore (semaphore.Weighted, a channel semaphore) made with one
// permit that the waiter takes whole (gate.Result.Exclusive); another
// counting semaphore may have permits to spare, and a Once is held only
// while its Do runs. The goroutines waited for, and the operations the wait waits
// for in them, are found three ways:
//
//   - Goroutines the waiting function starts before the wait
//     (gate.FuncInfo.Starts): for a receive from a channel the function
//     made unbuffered and hands only to them, every send and close in
//     them (for a send on it, every receive) (local.go); for a Wait, one goroutine its group counts, whose
//     Done (after an Add on every path to its start) or end (g.Go,
//     wg.Go) the Wait needs. The goroutine's names are translated into
//     the waiter's through the values the start hands it.
//   - For a receive from a channel field (<-c.done), every send on and
//     close of that field in the package, each of which must be in a
//     function the package runs as a goroutine (in any function, for an
//     unexported field the package only ever gives unbuffered channels:
//     a Send that users call, beside the Recv that waits holding the
//     lock), on the same instance as the gate (r.done beside r.mu, as
//     c.done beside c.mu, also through the variable a function literal
//     captured: naming.Beside) (class.go). An operation in a helper that
//     only the package's goroutines call (a worker's h.exited(), or its
//     defer h.exited(), whose body calls h.workers.Done()) is done at
//     each call, or at each return for a deferred one, named in the
//     goroutine's terms; a helper nothing calls does nothing. Likewise every Signal and
//     Broadcast of an unexported Cond field, wherever it is: workers
//     that wait for work holding the pool's read lock, beside a Put that
//     takes the write lock before it signals. Such an operation that
//     any function may make, in a helper only the package calls that
//     takes no gate first (push, which signals), is judged at each of
//     its calls, up to three calls up (a Sync that write-locks, then
//     calls push).
//     For a send on a channel field that the package only ever gives
//     unbuffered channels, or nil once it is closed (c.events <- e), every
//     receive from it, alone or as a select case, and every close of it
//     (which ends the send, with a panic), likewise; for a Wait on a WaitGroup field
//     (s.wg.Wait(), the Stop that waits for the loop its constructor
//     started), every Done on it (a goroutine that counts itself in,
//     Add under the lock the waiter holds, is waited for only once it
//     has: an acquire before its Add holds nothing up); for a Wait on a Cond field, every
//     Signal and Broadcast on it.
//   - Goroutines whose operations on the value only a summary tells
//     (signals.go): one that runs a function of another package (go
//     worker.Flush(s, done)), or that a helper the waiter calls starts
//     (t.spawn(done), t.add(&wg)). A function's Signals say, for each
//     channel or *sync.WaitGroup parameter, what it and the goroutines
//     it starts do to it, with the blocking acquires of its parameters'
//     gates before each operation, on every path or on some; exported
//     functions carry them to other packages as facts. A helper
//     that answers the wait on the waiter's own goroutine, or lets the
//     value go where the summary cannot follow, leaves the wait alone.
//
// The report is certain when each of those operations comes after a
// blocking acquire of the gate on every path (the acquire dominates it;
// a deferred Done or close, or a member's end: every return), in a mode that
// conflicts with the waiter's: once the waiter holds the gate before the
// goroutine gets there, neither moves. An acquire inside a callee counts
// when the callee acquires the gate so before each of its returns
// (guard.go): a summary's acquire may happen on some paths only. A send
// case of a select, blocking or not, is a send. A channel that goes
// anywhere else (passed to a function, stored, sent) or is buffered
// leaves the pass silent.
//
// It is latent when, short of that, the goroutine can reach a blocking
// acquire of the gate before any of the operations, and one of them can
// follow it: a loop that locks only when an item is pending or a timer
// fired, before it looks at the stop channel (guard.go, latentGuard). It
// is latent too when the wait receives from a channel field that may be
// buffered (the package does not give it only unbuffered channels) and
// the goroutine sends on it: a value sent on an earlier turn, before the
// wait began, would let it through, so the deadlock needs the buffer
// empty when the wait starts.
//
// # Analyzer holdwait
//
// holdwait: report a wait, holding a lock, for a goroutine that needs that lock first
//
// holdwait finds a receive, a send on an unbuffered channel, a
// [sync.WaitGroup] Wait, an errgroup Wait, or a [sync.Cond] Wait (which
// lets go of the Cond's own lock, not of the others) made while holding a
// [sync.Mutex], [sync.RWMutex], other lock, or the one permit of a
// semaphore made with one (semaphore.NewWeighted(1), make(chan
// struct{}, 1)), where the goroutine waited
// for must take that same lock before it can send, close, receive, call
// Done, return, or Signal or Broadcast the Cond. The goroutine may be
// started by the waiting function or by a helper it calls, and may run a
// function of another package.
//
// Findings are certain when the goroutine takes the lock on every path
// to what the wait waits for: when the waiter takes the lock first, both
// wait for each other for good. They are latent when it takes the lock
// on some paths only (a worker that locks when its timer fires, before
// it sees the quit channel): the deadlock needs it to be on one of them
// when the wait starts. They are latent too when a goroutine the package
// started elsewhere lets go of the lock before the receive or send that
// answers the waiter (lock; read; unlock; receive): it may wait there
// already, and the deadlock needs the wait to start after its previous
// turn and before it takes the lock again, as when two calls come in a
// row.
//
// # Why it matters
//
// This is hold-and-wait, one of the four conditions of a deadlock, and
// the usual way Close and Stop methods hang: Close takes the lock, marks
// the client closed and waits for the background loop to finish, but
// the loop must take the same lock to see that it should finish. Tests
// pass whenever the loop happens to be between iterations; in production
// the process hangs at shutdown, holding the lock, so every other caller
// hangs with it.
//
// # Example
//
//	func (c *Client) Close() error {
//		c.mu.Lock()
//		defer c.mu.Unlock()
//		c.closed = true
//		<-c.done // <-c.done waits for (*Client).flushLoop holding c.mu, but (*Client).flushLoop locks c.mu before it closes c.done: a certain deadlock; …
//		return nil
//	}
//
//	func (c *Client) flushLoop() { // started by New: go c.flushLoop()
//		for {
//			c.mu.Lock()
//			if c.closed {
//				c.mu.Unlock()
//				close(c.done)
//				return
//			}
//			c.mu.Unlock()
//			time.Sleep(time.Millisecond)
//		}
//	}
//
// The report points at the wait, with where the lock was acquired, where
// the goroutine is started, its acquire of the lock and the send, close,
// Done or return it would make only after that.
//
// # Fix
//
// Release the lock before waiting (set the flag under the lock, unlock,
// then wait), or let the goroutine see the shutdown without the lock: a
// channel it selects on, or an atomic flag. A goroutine that only needs
// the lock opportunistically can use TryLock.
//
// # What is not reported
//
//   - A lock released before the wait, or handed over to the goroutine,
//     which releases it without acquiring it.
//   - A goroutine that never takes the lock, takes another one, takes it
//     only with TryLock, takes it inside a helper that locks on some paths
//     only, or takes it only after its send, close or Done. (One that
//     takes it itself on some paths before is latent, above.)
//   - A read lock held while the goroutine takes a read lock: both can
//     hold it. Semaphores with permits to spare, and sync.Once.
//   - A receive from a buffered channel, from a channel that goes
//     anywhere but to the goroutines (passed to a function whose summary
//     does not account for it, stored, sent), that
//     the waiting function or a helper it calls sends on itself, or
//     that a goroutine started after the wait, or on some paths only,
//     sends on.
//   - A receive from a channel field that a function other than a
//     goroutine sends on or closes (a Stop method), or a gate of another
//     instance than the channel's.
//   - A send on a channel that may be buffered (a field the package may
//     give a buffered channel, a make with a size); a receiver that
//     receives first and locks after.
//   - A WaitGroup without an Add before the goroutine's start; a
//     goroutine that calls Add or passes the WaitGroup on.
//   - A select with a default case, or with a case that is not such a
//     wait (ctx.Done(), a timer, a channel the pass cannot follow): a way
//     out. A select without default whose every case is one is reported.
//   - Goroutines the wait does not name (a channel parameter), and
//     errgroup functions of another package.
//
// # Suppressing a report
//
// "//gatevet:ignore holdwait reason" on the reported line or the line
// above. Under golangci-lint, //nolint:gatevet also works.
//
// # Run it alone
//
//	go vet -vettool="$(go env GOPATH)/bin/gatevet" -vetsuite=false -holdwait ./...
package holdwait
