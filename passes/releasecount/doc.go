// Package releasecount reports a semaphore.Weighted.Release whose
// constant count differs from the permits acquired on its path.
//
// A Release(1) after Acquire(ctx, 3) leaks two permits for good: the
// semaphore shrinks with each call until everything blocks. A Release(3)
// after Acquire(ctx, 1) hands out permits that were never taken, then
// panics with "semaphore: released more than held". The gate model gives
// each operation's constant count (Event.Permits). The pass pairs the one
// acquire of a gate in a function with each release that can follow it
// and is the only release on its paths, and reports a mismatch. Loops,
// several acquires, partial releases and counts that are not constants
// are left alone.
//
// # Analyzer releasecount
//
// releasecount: report Weighted.Release counts that differ from what was acquired
//
// releasecount finds a Release(n) of a
// [golang.org/x/sync/semaphore.Weighted] whose constant n differs from the
// permits acquired on its path.
//
// Findings are certain: every run of the path gives back a different
// number of permits than it took.
//
// # Why it matters
//
// Release(1) after "Acquire(ctx, 3)" loses two permits for good: each call
// shrinks the semaphore until every caller blocks, and the hang shows up
// hours after the deploy. Release(3) after "Acquire(ctx, 1)" hands out
// permits that were never taken, so the limit no longer holds; once more is
// given back than is held, the semaphore panics with "semaphore: released
// more than held". The two numbers usually drift apart when one of them is
// edited (a weight becomes a named constant, a batch size changes).
//
// # Example
//
//	if err := p.sem.Acquire(ctx, 3); err != nil {
//		return err
//	}
//	defer p.sem.Release(1) // p.sem.Release gives back 1 permit(s) but 3 were acquired on this path: 2 permit(s) are lost for good …
//
// The report points at the Release, with the Acquire as related information.
//
// # Fix
//
// Release what was acquired. The report carries a suggested fix that copies
// the acquire's count expression into the release ("defer
// p.sem.Release(3)", or the named constant the acquire used).
//
// # What is not reported
//
//   - Counts that are not constants ("Acquire(ctx, n)" and Release(n)).
//   - A permit given back in parts on one path (Release(1) twice after
//     "Acquire(ctx, 2)"): a release is paired only when it is the only one
//     on its paths.
//   - Several acquires of the semaphore in the function, or an acquire or
//     release in a loop: the pairing is not known.
//   - Acquires and releases inside helpers.
//
// # Suppressing a report
//
// "//gatevet:ignore releasecount reason" on the reported line or the line
// above (a pool that shrinks on purpose). Under golangci-lint,
// //nolint:gatevet also works.
//
// # Run it alone
//
//	go vet -vettool="$(go env GOPATH)/bin/gatevet" -vetsuite=false -releasecount ./...
package releasecount
