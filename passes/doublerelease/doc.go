// Package doublerelease reports a release of a gate that the function
// acquired itself and has already given back on the same path: a second
// Unlock (a fatal error that no recover catches), an Unlock of a
// read-locked RWMutex or an RUnlock of a write-locked one, a
// semaphore.Weighted released twice.
//
// For each mutex, RWMutex and Weighted that a function both acquires and
// releases itself (gatestate.go, flow.go), a forward dataflow over the
// function's events follows what the function holds of the gate on every
// path: untaken, held (exclusively, or so many read locks or permits),
// freed (acquired and all given back, nothing acquired since) or
// unknown. Conditional acquires count on the branch that their block's
// If confirms (gate.FuncInfo.Confirms); deferred operations run at each
// RunDefers, last deferred first, when the same ones are pending on
// every path. Operations inside callees make the state unknown, and so
// does a store that may give the gate's name to another gate (m =
// &other, s.mu = other: names follow locations, not values). A
// release where the gate is freed is a double release; one in the other
// mode is a mismatch. A backward analysis (ahead.go) finds what every
// path from a point meets first: for a release that gives back all the
// function held, a later release that every path from it meets before
// anything else is a double release too, though other paths reach that
// release holding the gate; a call that may not come back (a helper
// handed a test's T, a function of the package that can panic or exit)
// ends such a path. A gate that the function releases anywhere a
// path may not have acquired it is its caller's, and left alone, unless
// no caller can hold it (unheld.go): a mutex the function never takes,
// released on its caller's behalf (defer s.mu.Unlock() written without
// the Lock), where every call in the package comes from a function that
// does not take it either, nor a mutex of its class under another name
// (t.mu, when the release is of t.pending[id].owner.mu, may be that
// lock), nor releases it for callers that could, and,
// for a function other packages call, they cannot take it: its name has
// an unexported step and no function they can call returns holding a
// mutex of its class. A function of the package that may return holding
// a mutex of the class (a Begin that returns the lock held on success,
// for the Complete of what it returns) makes every such release its
// caller's.
//
// # Analyzer doublerelease
//
// doublerelease: report a second release of a lock or semaphore the function already gave back
//
// doublerelease finds a release of a [sync.Mutex], [sync.RWMutex] or
// [golang.org/x/sync/semaphore.Weighted] that the function acquired itself
// and has already released on the same path, an RWMutex released in
// the other mode than it was acquired, and a mutex released on the
// callers' behalf by a function that never took it, where no caller can
// hold it.
//
// Findings are certain: every run of the reported path makes the bad
// release.
//
// # Why it matters
//
// Unlocking an unlocked mutex is not a panic but a fatal error: "fatal
// error: sync: unlock of unlocked mutex" ends the process, and no recover
// stops it. If another goroutine locked the mutex in between, the second
// Unlock releases that goroutine's lock instead, and the data it guards is
// open to races. The same holds for an RWMutex unlocked twice, for Unlock
// after RLock and for RUnlock after Lock. A semaphore.Weighted released
// twice panics with "semaphore: released more than held", or, while others
// hold permits, hands out one of theirs so that the limit no longer holds.
// The bug hides on error paths that tests rarely take: an error branch
// that unlocks but does not return, an explicit Unlock before a deferred
// one.
//
// # Example
//
//	s.mu.Lock()
//	v, err := s.load(k)
//	if err != nil {
//		s.mu.Unlock()
//		log.Printf("load %s: %v", k, err) // no return
//	}
//	s.cache[k] = v
//	s.mu.Unlock() // s.mu.Unlock() unlocks s.mu a second time on this path: …
//
// and
//
//	s.mu.Lock()
//	defer s.mu.Unlock() // the deferred s.mu.Unlock(), run at the return at …, unlocks s.mu a second time on this path: …
//	if s.closed {
//		s.mu.Unlock()
//		return errClosed
//	}
//
// The report points at the second release (the defer statement, for a
// deferred one), with the function's acquire and the first release as
// related information, and the return for a deferred release.
//
// # Fix
//
// Return after the first release, remove one of the two, or acquire the
// gate again before the second. Release an RWMutex in the mode it was
// acquired: RUnlock after RLock, Unlock after Lock. When the first release
// is followed at once by a return of plain values and the deferred release
// is the function's only defer, the report carries a suggested fix that
// deletes the first release: the deferred one then releases the gate as
// the function returns.
//
// # When a release counts as a second one
//
// The function must have acquired the gate itself, and the two releases
// must name the same gate (s.mu and t.mu of two parameters are two
// gates). A release R is reported when either holds:
//
//   - On every path from the function's entry to R, the function acquired
//     the gate, then gave back everything it acquired (every read lock,
//     every permit), and acquired nothing of it since.
//   - There is a release R1 that gives back everything the function holds
//     of the gate, and every path from R1 runs R before any other
//     operation on the gate, before returning or panicking, and before
//     any call that may not come back: whenever R1 runs, R follows. This
//     reports the Unlock after an error branch that unlocks without
//     returning, where other paths reach R holding the lock.
//
// A deferred release counts where it runs, at each return, when it is
// pending on every path there; the operations deferred after it run first.
// A release in the other mode than the gate is held on every path (Unlock
// after RLock, RUnlock after Lock) is reported too.
//
// # What is not reported
//
//   - A gate the function releases where some path has not acquired it:
//     unlock helpers, …Locked functions that let go of their caller's lock
//     and take it back (mu.Unlock(); defer mu.Lock()), functions that
//     release a gate they never acquired, goroutines and closures that
//     release a lock their parent handed over.
//   - Releases on branches that only some paths take, when the paths
//     disagree: "if c { mu.Unlock() }" followed by "if !c { mu.Unlock() }".
//   - A loop that locks and unlocks in each iteration, or unlocks and
//     continues early; a lock taken again before the second release.
//   - An error branch that releases, then calls what may not come back:
//     a helper handed the test's T ("require.NoError(t, err)"), or a
//     function of the package that can panic or exit ("must(err)").
//   - A name given another gate between the releases ("s.mu = other",
//     "m = &other").
//   - A TryLock or Acquire that failed: only the branch that confirms it
//     holds the gate.
//   - Acquires and releases inside callees, closures called in place and
//     deferred closures ("defer func() { if locked { mu.Unlock() } }()"):
//     the state is unknown after them.
//   - A release a sync.Once runs ("defer unlock.Do(mu.Unlock)" beside an
//     earlier "unlock.Do(mu.Unlock)"): it happens only if that Once has
//     not run, and a path that locks again resets it ("*unlock =
//     sync.Once{}").
//   - A Weighted release of more permits than the path acquired, and counts
//     that are not constants: releasecount reports mismatched counts.
//   - sync.Locker values, types marked //gatevet:gate and channel
//     semaphores: what a second release does depends on the
//     implementation.
//
// # Suppressing a report
//
// "//gatevet:ignore doublerelease reason" on the reported line or the
// line above. Under golangci-lint, //nolint:gatevet also works.
//
// # Run it alone
//
//	go vet -vettool="$(go env GOPATH)/bin/gatevet" -vetsuite=false -doublerelease ./...
package doublerelease
