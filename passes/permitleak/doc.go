// Package permitleak reports a return that keeps a gate which the
// function releases on its other paths: the lostcancel of permits.
//
// A function that takes a semaphore's permit (or a lock) and gives it
// back before it returns must do so on every path. An early return, an
// error branch, or a cache hit that returns before the deferred release
// is registered keeps the permit for good; once every permit has leaked
// this way, every caller blocks. The gate model's must-held dataflow
// gives the gates held at each return, deferred releases already run.
// The pass reports a return that holds a gate the function acquired,
// when the function shows that it means to give the gate back: it defers
// the release, or releases it before a return that is not an error
// return (a return of err after a release that runs only where err was
// found nil counts as one: if err == nil { mu.Lock(); …; mu.Unlock() };
// return err); or, without that, when none of its callers, all in the
// package, releases the gate after the call, or returns holding it where
// someone can take it up (an exported caller that keeps a gate other
// packages cannot give back hands it to nobody). An exported function is
// judged so too when other packages cannot name the gate and nothing in
// the package releases a gate of its class for its caller: none of its
// callers anywhere can give the gate back. A function every exit
// of which holds the gate, a loop that breaks out holding the lock it
// lets go of at the bottom of each pass, is judged by its callers too.
// Ownership handed on is not reported: a goroutine or a callback
// that releases the gate, a returned func, a returned value with a
// Release, Close or Unlock method or with a method that releases a gate
// of the same class, or results that tell the caller whether it holds
// the gate (true on one path, false on the other). A return past a
// receive that may bring a permit handed over by its holder (a fair
// semaphore's waiter, woken with the slot its Release kept taken) is
// judged to hold the gate as much as not: it shows neither way.
//
// # Analyzer permitleak
//
// permitleak: report returns that keep a permit or lock released on the other paths
//
// permitleak finds a return that keeps a permit or lock which the function
// gives back on its other paths: the lostcancel of permits.
//
// Findings are certain: every pass through the return keeps the gate. A
// read lock is the exception: one kept costs nothing until a writer
// comes, and then the writer and every later reader block. A kept read
// lock is latent, naming a write lock of the same RWMutex in the
// package's production code, and is not reported when there is none. In
// test code, whose calls run in the order the test spells them, only a
// writer on a goroutine the leaking function starts counts: one the test
// called after the leak would hang it each time it took that path.
//
// # Why it matters
//
// A function that takes a semaphore's permit, or a lock, and gives it back
// before it returns must do so on every path. An early return, an error
// branch, or a cache hit that returns before the deferred release is
// registered keeps the permit for good. Each pass through that path loses
// one; once all permits are gone, every caller blocks, and nothing in the
// stack traces points at the return that lost them.
//
// # Example
//
//	func (s *Store) Get(k string) string {
//		s.sem <- struct{}{}
//		if v, ok := s.cache[k]; ok {
//			return v // this return keeps s.sem (channel semaphore) held: it has its release deferred on the other paths, …
//		}
//		defer func() { <-s.sem }()
//		return s.load(k)
//	}
//
// The report points at the return (at the closing brace for a function that
// falls off its end), with the acquire and the release on the other paths as
// related information, and quotes the condition of the if that leads to it
// ("this return runs when ok"), so that whether real input takes that
// branch is a look at one line.
//
// # Fix
//
// Defer the release right after the acquire:
//
//	s.sem <- struct{}{}
//	defer func() { <-s.sem }()
//	if v, ok := s.cache[k]; ok {
//		return v
//	}
//
// or release before the early return.
//
// # When a return counts as a leak
//
// The gate must be held on every path to the return (the gate model's
// must-held set, after the function's deferred calls ran), the function must
// have acquired it itself, and the function must show that it means to give
// it back: it defers the release, or releases it before a return that is not
// an error return.
//
// Without that evidence the function may be an acquire helper, which keeps
// the gate for its callers by design; so its callers decide. When all of
// them are in the package (an unexported function or method whose value
// never escapes and that no interface call reaches) and none releases the
// gate after the call or returns holding it, the function is not a
// helper, and the early return is the bug:
//
//	func (q *Queue) flush() error {
//		q.mu.Lock()
//		if len(q.pending) == 0 {
//			return nil // this return keeps q.mu (sync.Mutex) held, and no caller of (*Queue).flush releases it …
//		}
//		err := q.write(q.pending)
//		q.mu.Unlock()
//		return err
//	}
//
// The callers are related information.
//
// An exported function of that shape is judged in the packages that call
// it, through a fact, when some return that releases the gate may succeed
// (it returns no error, nil, or an error nobody checked): the caller cannot
// tell which way it went. A call whose caller neither releases the gate
// afterwards nor returns holding it is reported at the call, naming the
// return that keeps the gate:
//
//	func Flush(q *store.Queue) error {
//		return q.Drain() // (*store.Queue).Drain may return with q.mu (sync.Mutex) still held: its return at callers.go:86 keeps it …
//	}
//
// Only calls within the function's own module are judged so: a return
// of a dependency that keeps its own lock is the dependency's to fix,
// and a caller cannot tell it from a path the dependency's state rules
// out (a return that needs the database closed, after Close took the
// lock for good). The dependency's own run judges it at its callers.
// (Standalone mode does not know modules and judges every call.)
//
// # What is not reported
//
//   - Acquire helpers, which keep the gate on success and release it only on
//     failure ("mu.Lock(); if closed { mu.Unlock(); return errClosed };
//     return nil"), when a caller releases the gate after the call, or
//     returns holding it, or the callers are not all known (an exported
//     function, a method an interface call may reach, a function value);
//     and pools that keep a slot with the connection they return.
//   - A …Locked function that lets go of its caller's lock for a while and
//     takes it again.
//   - A result that tells the caller whether it holds the gate ("return
//     true" holding, "return false" released): the one result, or a bool
//     before a last error ((locked bool, err error)).
//   - Ownership handed on: to a goroutine that releases the gate, to a
//     function literal that is stored, returned or passed to a callback
//     taker, in a returned func, or in a returned value that has a Release,
//     Close, Unlock or Done method, or a method of the package that releases
//     that lock (a transaction whose Rollback gives back the read lock its
//     Begin took, as bbolt's does).
//   - A return that hands the caller the object whose lock it keeps (a
//     waiter made locked and returned for the caller to fill and
//     unlock), when no return that lets the lock go gives that object:
//     the lock travels with the object. A return of that function that
//     keeps the lock and hands no such object (an error after the
//     waiter was stored where others wait on it) is reported.
//   - Gates held on some paths to the return but not all.
//   - A call of another package's function that may keep a gate nothing
//     outside that package can give back: one reached through unexported
//     fields, which none of the package's exported functions releases.
//     The package frees it on its own (the slot of a stream being opened,
//     freed by its receive loop when the peer acknowledges the stream),
//     and only the package can be judged for it.
//   - A return on a branch the package's values rule out: the default of
//     a switch whose cases cover every constant the package's calls pass
//     (a read mode), an error no function the call can run returns, a
//     nil test of a field every construction sets, a test of a field
//     every store sets to one constant.
//   - A return on the nil branch of a test of a field that every
//     construction sets and that only a Close clears, made holding the
//     lock that Close takes and keeps for good (db.write.Lock(); if
//     db.mem == nil { return ErrClosed }, where Close locks db.write,
//     sets db.mem = nil and returns holding it): the branch needs that
//     Close, after which the Lock above it never returns. A Close that
//     lets the lock go, or another function that clears the field, makes
//     the return reachable, and it is reported.
//   - A lock of an object made for the call and dropped after it: an
//     unexported method whose every call is on a wrapper its caller has
//     just made (newFrame(r).read(), (&frame{r: r}).read()) and uses no
//     more, and which the method does not keep. Whatever the method
//     leaves held, nothing else can reach to wait for.
//   - A return a comment says keeps the lock on purpose ("do not unlock
//     the mutex once the stream is closed", "leave it locked for good"):
//     on the return's line, or before it in a block that holds it. A
//     read that ends the stream and keeps the decoder's lock so that
//     nothing reads the dead stream again is documented, not lost. A
//     comment that starts by calling it a bug ("BUG: mu stays locked")
//     or says the unlock was forgotten or is missing documents a
//     mistake: reported.
//
// # Suppressing a report
//
// "//gatevet:ignore permitleak reason" on the reported line or the line
// above. Under golangci-lint, //nolint:gatevet also works.
//
// # Run it alone
//
//	go vet -vettool="$(go env GOPATH)/bin/gatevet" -vetsuite=false -permitleak ./...
package permitleak
