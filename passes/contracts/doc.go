// Package contracts checks the promises a team writes down about its
// locks at every call: a function annotated //gatevet:holds G tells its
// callers to hold G, and the gate model, which treats G as held inside
// it, takes the promise on trust there. This pass holds the callers to
// it, across packages through the gate model's facts (a summary's
// Requires): a call where G is not held on every path breaks the
// contract. A caller that is itself an unexported helper whose every
// call holds G keeps the contract through its callers.
//
// # Analyzer contracts
//
// contracts: report calls that break a function's //gatevet:holds contract
//
// contracts finds a call of a function annotated //gatevet:holds G where
// G is not held on every path to the call.
//
// Findings are certain when no path to the call holds G (nor does the
// caller's own contract), and latent when some path does: then the
// contract breaks only on the paths that reach the call without G.
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
// # What is not reported
//
//   - A call in an unexported helper whose every call, in the package,
//     holds G: the helper keeps the contract through its callers (add
//     the same //gatevet:holds to it to say so).
//   - A caller whose own //gatevet:holds contract names G.
//   - A call the model cannot resolve to one function (through an
//     interface or a func value), and a deferred call.
//   - A held read lock of an RWMutex counts as holding it.
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
