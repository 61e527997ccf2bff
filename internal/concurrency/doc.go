// Package concurrency is gatevet's concurrency sub-model: it answers, for
// the package's program points, whether a point can run at the same time
// as another goroutine's on the same instance, and when it cannot, why.
// Passes ask it instead of re-deriving who runs with whom: a lock order
// taken where no other goroutine can reach the locks is no inversion, an
// access no other goroutine can reach is no race.
//
// Its first reason is ownership. An object belongs to the goroutine
// that made it until it is published: stored where something else can
// reach it (a field of another object, a package-level variable, a map
// or slice), sent on a channel, captured by a closure, passed to a
// goroutine it starts, or passed to a function that may keep it. A
// local variable that holds it, an interface it is converted to and a
// sync.Cond made on its lock are followed: what captures the variable,
// or keeps the interface, publishes the object where it does. A
// publication counts before a point only along paths that keep the
// branch conditions it is under (a use in the else of if solicit does
// not reach a later if solicit's then branch). Until
// then no other goroutine can hold, or wait for, its locks. A go
// statement is no owning call: the goroutine gets the object while its
// starter goes on. A function borrows a parameter when it publishes it
// on no path (Borrows): its callers still own what they pass. Calling a
// func value publishes nothing, so a function that only calls a func
// parameter borrows it; and a closure that captures the object and is
// only called in place, handed to a function that borrows it (a check
// a getter calls before it returns), or made the body of a
// range-over-func loop (which the iterator may call only before it
// returns) keeps the object with its goroutine. An
// unexported helper whose every call passes an object its caller owns
// owns it too, until it publishes it itself. A call of a function of
// the package that returns an object it made and did not publish (a
// constructor) makes an object its caller owns. An object its caller
// made for one call of a helper and uses no more after it is dropped
// with the call (Dropped): what the helper leaves held on it, nobody
// else can wait for. What a function borrows
// travels to importing packages as a BorrowFact, through the shared
// summary table (package facts).
//
// It also knows who else can release a gate. Go's locks have no owner: a
// function that hands on a func value releasing its lock (mu.Unlock given
// to a hook, a literal that unlocks kept as a callback) and then locks
// again waits for whoever calls it (ReleasedElsewhere); it does not block
// for ever. So does a goroutine that locks again a lock its starter
// unlocks after the go statement: the starter runs beside it. So does a
// function that locks again after a call that returned holding the lock
// and handed its release on in what it returned (a Reader whose Close
// unlocks), once it has used that. And a
// call between the two acquires that releases a lock of the same class
// under another name, or one the model cannot name at all, may have
// released this one. A semaphore's permit need not go back to it at
// all: a path that holds one (or releases its caller's on the function's
// other paths) may send on a channel field instead and keep it taken,
// releasing nothing on the way and returning without it, handing it to
// the waiter that receives there (a fair semaphore's Release); past that
// receive the waiter holds the semaphore though it took nothing
// (HandedIn). A close, which wakes every receiver, hands nothing over,
// nor does a send beside a lock.
//
// Its second reason is happens-before through a function's end. A
// function runs within d when every way the package lets it be called
// passes through a call of d (extents: exported functions, exported
// methods of types whose values get to other packages, escaping func
// values and the functions go statements start are the ways in; a
// method called through an interface its type implements runs at that
// call, gate.Result.Invokes). A function that closes a channel,
// or calls a WaitGroup's Done, in a deferred call signals its end; a
// point that a receive from that channel, or that WaitGroup's Wait,
// precedes on every path runs after everything within it (Apart):
// Close, which waits for the receive loop's done channel before taking
// the streams' locks, cannot meet the loop's opposite order. What a call
// does runs within its callee, and so does what happens where a use's
// chain of calls ends (ApartPoints): a write in the helper that closes
// done as it returns, reached through a goroutine that calls it, comes
// before the close. The same
// signals tell where a starter waits for the goroutine it started
// (EndWaits): a goroutine waited for inside its starter's critical
// section runs inside it. The tests of a binary run inside the call of
// Run on its *testing.M (testmain.go): what the caller does before or
// after it, on every path, meets nothing in another function but what
// runs on goroutines the package's own code starts.
//
// A function a package-level sync.Once runs, and nothing else calls,
// runs once per process (once.go), like an initializer: what it does
// cannot meet itself, and a point after a Do on that Once, on every
// path, runs after all of it, since Do returns only once the function
// has (a list of directories filled in by onceDirs.Do, read after the
// Do by callers that hold no lock).
//
// Its third reason is confinement. A run loop is a function that go
// statements start once per object made on that call (each statement
// in no loop; the object allocated by the starter, or returned by a
// constructor of the package that makes it on every call), directly or
// through a func literal that calls it, and that nothing else enters:
// what runs within it runs on that one goroutine, one after the other,
// so two points within the same run loop are Apart too. A dial and an
// accept may each start one. Workers started in a loop, or a loop
// started on an object the starter did not make (a parameter, a
// constructor that may hand back an object it made before), are no run
// loop. The model takes the two points to be on the same object: each
// run loop's locks are its own object's.
//
// It knows serial executors too (serial.go). A task loop's Run sends
// the function it is given on a channel that only one run loop
// receives from, and that loop calls what it receives, one at a time:
// the functions given to one loop exclude each other, as if they held a
// lock (Serial, a SerialFact across packages; resource's uses made in
// them hold the executor, known.Executor). Workers started in a loop are
// no serial executor.
//
// It knows atomic claims (claims.go): the success branch of a
// CompareAndSwap of a word from one constant state to another, up to the
// atomic write that gives the word back, runs on one goroutine at a
// time; resource's uses there hold the word (Claimed, known.Claim),
// which keeps them apart but is never inferred as a field's guard.
//
// It knows the caller's contracts (contract.go): the exported methods
// of a type implementing an interface the standard library documents as
// used one call at a time (a database/sql/driver.Conn or driver.Stmt,
// which database/sql calls only under the connection's lock) run one at
// a time, and so do the helpers only they call: two points within them,
// neither on a goroutine they start, are Apart. A goroutine is started
// by a go statement or by a group's Go (sync.WaitGroup, errgroup.Group);
// a group's Wait that every path from the start passes waits for it.
//
// Of instances, it knows test fixtures (fixture.go): each top-level test
// runs with objects it makes itself, so a point of one test on its own
// objects (Fixture) never meets a point of another test (InOtherTest);
// only package-level variables join two tests' objects.
//
// Of functions, it knows those that run once per process, on one
// goroutine (once.go): the initialisers and a command's main
// (RunsOnce). No second call of them runs beside the first; only the
// goroutines they start do.
//
// Of publication under a lock, it knows sections that run once per
// instance (published.go): a critical section that runs only while a
// field of its receiver is nil, and sets it, runs once when nothing
// stores nil there again. A read of a field only such sections write,
// made after checking under the same lock that a field only they set is
// not nil, comes after the one write and before none: the two are Apart
// (a session's DTLS role, written once while the ICE connection is set
// up, read by Finalize once it has seen the DTLS connection).
//
// Of package-level variables, it knows lazy initialisation under a lock
// (lazy.go), the idiom sync.Once replaced: a variable whose every store
// in the package's non-test code is made on the nil branch of a test of
// it, under one package-level lock held from the test on, stores
// something that cannot be nil, and is made by a function that on every
// path finds it set or stores it, is written once per process. A point after a call of its
// initialiser runs after that write (the call made it or saw it under
// the lock): a call that precedes the point on every path, or a method
// of an unexported type whose every value the package makes after such
// a call (a validator newValidator makes once it has made the cleaner
// its methods read).
//
// Of one-way flags, it knows latches (latched.go): an unexported bool
// field the package only ever sets to true after the object is made, or
// one that can be nil and that it only ever clears (a store on an object
// its goroutine still owns, a test helper's on what a constructor just
// made, is part of making it). A
// point reached only while a check under a lock found the flag unset,
// that lock held from the check on, and a point after a section that
// set the flag or saw it set under the same lock never meet (a context's
// helpers, set by Watch only while it is not disposed, read by Dispose
// after it sets disposed). The check may sit in a function literal the
// method makes, on the receiver it captures, where the use's chain of
// calls ends: a goroutine a callback starts that deletes from a map
// only once it has seen, under the lock, that the map is not yet
// taken out.
//
// Of modes, it knows fields an instance gets when it is made and keeps
// for good (values' fixed fields, modes.go): a point reached only when
// s.readOnly is true and one reached only when it is false, or two that
// need different constants of s.mode, never run on the same instance.
//
// Of starts, it knows what runs only after a point (startsafter.go,
// StartedAfter): a function whose every way in is a goroutine started,
// or a func value made, by one function at points a point of it reaches
// first, runs after that point on each call (a worker Run starts at its
// end). Two calls of the starter are not ordered, so this is no Apart
// reason: it serves judgements that need the code's own order only
// (contracts' name contracts).
//
// The converse, Together (together.go), says when the package's own
// code shows two points running at once, since that the model cannot
// keep them apart shows nothing by itself: a point on a goroutine the
// package starts runs beside whatever its starter's callers do, and the
// exported methods of a type whose doc comment says it is safe for
// concurrent use (directive.Concurrent) run beside each other. By Go's
// convention, a type the doc says nothing of is used by one goroutine at
// a time, so passes that infer a discipline ask it before they report.
//
// Every judgement leans the safe way: a use the model does not follow
// (a phi, a conversion to unsafe.Pointer, a call it has no summary for,
// a method called through an interface) publishes.
package concurrency
