// Package acquireerr reports a semaphore acquire whose outcome is
// dropped while the code goes on to release what it may not hold.
//
// semaphore.Weighted.Acquire(ctx, n) fails, without taking any permit,
// when ctx is done first. Code that drops the error runs the guarded work
// unguarded and then calls Release(n), which panics with "semaphore:
// released more than held". TryAcquire and TryLock report their outcome
// in a bool; dropping it has the same result (for a mutex, "fatal error:
// sync: unlock of unlocked mutex"). The gate model marks such acquires
// as unchecked events. The pass reports one when the function, or a
// goroutine it starts, releases the same gate afterwards, unless the
// context can never be cancelled (context.Background, TODO,
// WithoutCancel), where Acquire cannot fail.
//
// # Analyzer acquireerr
//
// acquireerr: report semaphore acquires whose error or result is dropped
//
// acquireerr finds a semaphore acquire whose outcome is dropped while the
// code goes on to release what it may not hold.
//
// Findings are latent: they need the acquire to fail, a context done
// before a permit is free (with x/sync v0.7.0 and later, done at all), or
// another holder of what TryAcquire or TryLock tries; then the path
// releases what it never acquired. An acquire whose context nothing
// cancels (context.Background()) cannot fail and is not reported.
//
// # Why it matters
//
// The Acquire(ctx, n) method of [golang.org/x/sync/semaphore.Weighted]
// fails without taking any permit when ctx is done first, and returns
// ctx.Err(). Code that drops the error runs the guarded work without the
// permit, so the limit it was meant to enforce is gone exactly when the
// system is under pressure. Then its Release(n) gives back permits it
// never took, and the semaphore panics with "semaphore: released more
// than held". TryAcquire and TryLock report their outcome in a bool;
// dropping it ends the same way (for a mutex, "fatal error: sync: unlock
// of unlocked mutex").
//
// # Example
//
//	func (s *Server) Handle(ctx context.Context) error {
//		s.sem.Acquire(ctx, 1) // the error of s.sem.Acquire is dropped: when the context is done first, Acquire takes no permit, …
//		defer s.sem.Release(1)
//		return s.work()
//	}
//
// The report points at the Acquire, with the Release as related
// information.
//
// # Fix
//
// Check the error and return it:
//
//	if err := s.sem.Acquire(ctx, 1); err != nil {
//		return err
//	}
//	defer s.sem.Release(1)
//
// When the function returns an error and the acquire is a statement of
// its own (or assigned to _), the report carries this edit as a suggested
// fix, with the zero values of the other results ("return 0, err").
//
// # What is not reported
//
//   - A checked result, now or later ("err := s.sem.Acquire(ctx, 1)", then
//     "if err != nil").
//   - An Acquire whose context is never cancelled: context.Background(),
//     context.TODO(), context.WithoutCancel(ctx), also kept in a variable
//     set once that worker literals capture (ctx := context.Background()).
//     It cannot fail.
//   - An acquire that nothing releases afterwards in the function or in a
//     goroutine it starts: the permit is handed on, and the release is
//     someone else's.
//   - A release that can only run before the acquire.
//
// # Suppressing a report
//
// Put "//gatevet:ignore acquireerr reason" on the reported line or the
// line above. Under golangci-lint, "//nolint:gatevet" also works.
//
// # Run it alone
//
//	go vet -vettool="$(go env GOPATH)/bin/gatevet" -vetsuite=false -acquireerr ./...
package acquireerr
