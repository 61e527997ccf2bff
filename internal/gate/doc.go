// Package gate is gatevet's gate core: an analysis.Analyzer that builds a
// package's SSA once and knows, for every function, which values are
// gates (mutexes, RW locks, semaphore.Weighted, sync.Lockers, types
// marked //gatevet:gate, and channels used as counting semaphores,
// recognised by use; a receive that takes back a token its object's
// flag records as sent never waits, tokens.go), what each instruction
// does to them (acquire or
// release, blocking or not, conditional on a TryLock's or Acquire's
// outcome, deferred, inside a callee, or through a func variable or
// field that every store sets to one gate's release, funcvars.go, or
// through a Cond's L, which is the lock the Cond was made on,
// condlocks.go),
// which gates are held on every
// path before each instruction (the must-held dataflow, FuncInfo.Walk,
// which follows no branch a constant rules out: if false, or what
// package values decides, a bool parameter every call in the package
// passes as one constant, a field invariant),
// and what each function does for its callers (Summary: acquires, holds,
// releases, //gatevet:holds contracts, the func values it runs with gates
// held, the goroutines it spawns), kept in a summary table of package
// facts and exported for exported functions as FuncFacts. A lock a
// function takes on an element it looked up or ranged over enters its
// summary as a lock of some element of the container (s.conns[?].mu,
// naming.Namer.Within), and a dynamic call the package settles (a func
// field set to a known function, a method value or a literal over its
// owner, in place or through an unexported setter: dynamic.go,
// setters.go) has its target's effects. It also lists
// each function's acquire points, events and goroutine starts, and the
// package's own call graph.
//
// Values are named through package naming, and the types it recognises
// come from package known. The sub-models build on its Result: resource
// (what gates protect, and the package's entries), concurrency (which
// points no other goroutine runs beside), lockgraph (lock-order edges)
// and condwait (sync.Cond waits). Every pass requires it and reads
// its Result, usually through gatepass.Run.
package gate
