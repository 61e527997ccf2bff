// Package contracts checks the promises a team writes down about its
// locks at every call: a function annotated //gatevet:holds G tells its
// callers to hold G, and the gate model, which treats G as held inside
// it, takes the promise on trust there. This pass holds the callers to
// it, across packages through the gate model's facts (a summary's
// Requires): a call where G is not held on every path breaks the
// contract. A caller that is itself an unexported helper whose every
// call holds G keeps the contract through its callers.
//
// It also holds bodies to their promises. A function annotated
// //gatevet:acquires G says it returns holding G (with a last error
// result, when the error is nil), and //gatevet:releases G that it
// releases the G its callers hold; the gate model's summary says so
// instead of what it infers (Promise), so that callers, also in other
// packages, rely on the promise, and this pass reports a return that
// breaks it.
//
// # Analyzer contracts
//
// contracts: report calls and returns that break a //gatevet:holds, acquires or releases contract
//
// contracts finds a call of a function annotated //gatevet:holds G where
// G is not held on every path to the call, a return of a function
// annotated //gatevet:acquires G that does not hold G (a return of a nil
// error, when the last result is an error), and a return of a function
// annotated //gatevet:releases G that still holds it.
//
// Findings are certain when no path to the call or return holds G (nor
// does the caller's own contract, nor can a caller in another package:
// the gate is one it cannot name), or when a releasing function's return
// holds it on every path, and latent when some path does, or when the
// caller is exported and other packages can take G: then the contract
// breaks only on the paths, or for the callers, that come without G.
//
// # Why it matters
//
// A //gatevet:holds contract is how a helper says that its callers
// serialise it: closeLocked, appendLocked. Inside the helper gatevet
// trusts the contract and treats G as held, so a caller that forgets
// the lock makes every access of the helper a data race that no other
// analyzer sees. The Go compiler cannot check the comment; this pass
// does, at every call, the way Clang's thread-safety analysis checks
// REQUIRES and gVisor's checklocks checks its annotations.
//
// # Example
//
//	// incLocked must be called with c.mu held.
//	//
//	//gatevet:holds c.mu
//	func (c *Counter) incLocked() { c.n++ }
//
//	func (c *Counter) Bump() {
//		c.incLocked() // (*Counter).incLocked requires c.mu held (its //gatevet:holds contract), but Bump calls it without c.mu on every path; …
//	}
//
// Fix: take the lock around the call, or call a variant that takes it.
//
//	func (c *Counter) Bump() {
//		c.mu.Lock()
//		c.incLocked()
//		c.mu.Unlock()
//	}
//
// An acquire helper and its release, with their promises:
//
//	// lock returns holding p.mu unless the pool is closed.
//	//
//	//gatevet:acquires p.mu
//	func (p *Pool) lock() error {
//		p.mu.Lock()
//		if p.closed {
//			p.mu.Unlock()
//			return errClosed
//		}
//		return nil
//	}
//
//	//gatevet:releases p.mu
//	func (p *Pool) unlock() { p.mu.Unlock() }
//
// Callers, here and in other packages, then take lock's nil error as
// holding p.mu (permitleak reports a caller that keeps it), and a return
// of lock that gives nil without p.mu is reported here.
//
// A doc comment that names the gate states the same contract in words,
// and is held to it the same way: "Caller must hold m.mu (read or
// write).", "must be called with s.mu held", "c.mu must be held",
// "requires s.mu to be locked". A streaming goroutine that calls such a
// helper without the lock is reported:
//
//	// latest returns the newest entry of key.
//	// Caller must hold m.mu (read or write).
//	func (m *Memory) latest(key string) *entry { … }
//
//	go func() {
//		e := m.latest(k) // (*Memory).latest requires m.mu held (its doc comment says so: "Caller must hold m.mu (read or write)."), but a func literal in Stream calls it without m.mu on every path; …
//	}()
//
// "The lock" or "its mutex" is the receiver's one lock (when its struct
// has exactly one sync.Mutex or RWMutex field), and so is what a
// method's name that ends in Locked asks of its callers (countLocked),
// when the method itself neither takes nor gives back a lock. Words
// that name no gate ("callers must hold a lock"), or a name that
// resolves to no gate reachable from the function's parameters or the
// package, state nothing; nor does a relative clause about another
// function ("calls a helper that expects s.mu to be held").
//
// Callers in other packages can hold a gate they can name, or one of a
// class the package hands out through an exported function that returns
// holding it (a transaction's Lock): a contract broken in an exported
// function is then latent.
//
// # What is not reported
//
//   - A call in an unexported helper whose every call, in the package,
//     holds G: the helper keeps the contract through its callers (add
//     the same //gatevet:holds to it to say so).
//   - A caller whose own //gatevet:holds contract names G.
//   - A caller whose own comment, its doc or one in its body (not in a
//     func literal), says it need not hold G: "This is outside of the
//     scope of concurrent puts, so we don't need to hold s.lock.", "s.mu
//     need not be held here" (directive.Waives): the author's contract
//     for that function, and for the helpers only it calls. Words about
//     its callers ("Callers don't need to hold s.mu: Update takes it
//     itself"), about another function, or about a lock it says it holds
//     already ("no need to take s.mu again") are no such contract, nor
//     are they in a function that takes G itself.
//   - A call on an object the caller made and has not yet published (a
//     constructor filling in the value before it returns it): no other
//     goroutine can hold its lock or touch what the lock guards
//     (concurrency.Owned). Once the object is stored where another
//     goroutine finds it, the call is reported.
//   - A call the model cannot resolve to one function (through an
//     interface or a func value), and a deferred call.
//   - A held read lock of an RWMutex counts as holding it.
//   - A call after a helper that lets go of G only while it waits on some
//     path and takes it again before it returns (if an upload runs:
//     unlock, wait for it, lock): G is held again on every return. A
//     helper that returns without G on some path leaves the call after it
//     without G, and that is reported.
//   - The body of a function with an acquires or releases promise that
//     calls what the model cannot resolve (a hook in a func field, an
//     interface method): it may keep its promise there, and is taken at
//     its word.
//   - An acquires function's return of an error that is not a constant
//     nil: whether it holds G then is the error's business.
//   - A test's call of a helper whose contract is stated only in words:
//     the test drives the code from one goroutine.
//   - A call that breaks a contract stated only in words (or by a name)
//     when everything that takes the lock to touch what the callee
//     touches runs only on a goroutine the caller starts, or through a
//     func value it makes, after the call: a controller's Run that
//     merges its initial state with mergeLocked and then starts the
//     worker, the only code that merges under the lock. Nothing runs
//     beside the call yet. The same call after the go statement, or a
//     worker another function can start too, is reported.
//   - A call that breaks a contract stated only in words made in a
//     function whose own name says its callers hold the lock (UnsafePut,
//     flushLocked): it passes the contract on.
//   - A call of a method of the package whose name ends in Locked but
//     that touches nothing the lock is held for elsewhere (c.mu guards
//     the sessions, and expandURLLocked reads the auth info): the name
//     is left over, not a contract with that lock.
//   - A call that breaks a contract stated only in words where a lock of
//     the gate's class (any lock, for a name's contract) is held at the
//     call or up its chain of callers
//     (the same object under another name: an entry's back-pointer to
//     the registry whose method holds the registry's lock), or where the
//     chain passes through a function the package reaches through an
//     interface or a func value: the words name no instance to check.
//
// # Suppressing a report
//
// "//gatevet:ignore contracts reason" on the reported line or the line
// above. Under golangci-lint, //nolint:gatevet also works.
//
// # Run it alone
//
//	go vet -vettool="$(go env GOPATH)/bin/gatevet" -vetsuite=false -contracts ./...
package contracts
