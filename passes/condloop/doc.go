// Package condloop reports a sync.Cond.Wait that an if decides once and
// nothing re-checks.
//
// Wait returns when another goroutine calls Signal or Broadcast, not when
// the condition the waiter wants holds: a Broadcast wakes every waiter
// and the first to take the lock may consume what the others wait for, a
// Signal can be sent for another reason, and the state can change again
// between the wake-up and the waiter getting the lock. The sync package's
// documentation asks for the condition to be re-checked in a loop. The
// gate model lists each function's bare waits: a Wait below an if that
// decides it, after which no path runs that test again. A Wait with no
// test before it (wait for the next signal, whatever it says) is left
// alone.
//
// # Analyzer condloop
//
// condloop: report sync.Cond.Wait decided by an if instead of a loop
//
// condloop finds a [sync.Cond.Wait] that an if decides once and nothing
// re-checks.
//
// Findings are latent: the code after Wait runs on a false condition only
// when another waiter or an unrelated signal wakes it.
//
// # Why it matters
//
// Wait returns when another goroutine calls Signal or Broadcast, not when
// the condition the waiter wants holds. A Broadcast wakes every waiter, and
// the first one to get the lock may take the item the others wait for. A
// Signal may be sent for another reason. The state may change again between
// the wake-up and the moment the waiter holds the lock. Code after
// "if !ready { c.Wait() }" then runs on a condition that is false: an index
// out of range on an empty queue, a nil result, a double hand-out. The sync
// documentation asks for the condition to be re-checked in a loop.
//
// # Example
//
//	func (q *Queue) Pop() int {
//		q.mu.Lock()
//		defer q.mu.Unlock()
//		if len(q.items) == 0 {
//			q.cond.Wait() // q.cond.Wait() runs once, under an if: … re-check in a loop: for len(q.items) == 0 { q.cond.Wait() }
//		}
//		x := q.items[0] // may panic: another waiter took the item
//		q.items = q.items[1:]
//		return x
//	}
//
// The report points at the Wait, with the deciding test as related
// information.
//
// # Fix
//
// Turn the if into a for:
//
//	for len(q.items) == 0 {
//		q.cond.Wait()
//	}
//
// When the if has no init statement and no else, and the Wait is one of its
// own statements, the report carries this edit as a suggested fix
// ("gatevet -condloop -fix ./...").
//
// # What is not reported
//
//   - A Wait in a loop that runs the test again: "for !ready { c.Wait() }",
//     "for { if ready { break }; c.Wait() }", or an outer loop that
//     re-enters the if after the Wait.
//   - A Wait with no test before it ("c.L.Lock(); c.Wait(); c.L.Unlock()"):
//     it waits for the next signal, whatever it says, which is a correct use
//     when the caller only wants to know that something changed.
//   - A loop inside the if ("if block { for !ready { c.Wait() } }").
//   - Code after the Wait that does not rely on what the if tested: it
//     reports only when the code indexes, slices or looks up the container
//     whose length was tested, follows the pointer tested against nil, or
//     receives from the channel tested, before testing that state again.
//     "if !done { c.Wait() }; mu.Unlock()" waits for one signal, and
//     "if len(q) == 0 { c.Wait() }; if len(q) == 0 { return 0, false }"
//     re-checks before it goes on.
//   - An if that tests only whether there is a Cond to wait on ("if
//     p.wait != nil { …; p.wait.Wait(); … }", a gate a test may hand in):
//     the Cond is no state the waiter waits for, and a loop on it would
//     never end.
//
// # Suppressing a report
//
// "//gatevet:ignore condloop reason" on the reported line or the line above
// (for example, when the only Broadcast is the one that makes the condition
// true, under the lock). Under golangci-lint, //nolint:gatevet also works.
//
// # Run it alone
//
//	go vet -vettool="$(go env GOPATH)/bin/gatevet" -vetsuite=false -condloop ./...
package condloop
