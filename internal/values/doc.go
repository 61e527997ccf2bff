// Package values says which branches of a package's code the package's
// own values rule out, so that the gate model's must-held dataflow does
// not follow a path the program never takes and facts carry no acquire,
// wait or leak out of one.
//
// Five kinds of value are known, each read off the package's SSA once,
// before any summary, from its functions and its package initializer
// (where a package-level variable's value is made: var blank = &T{}
// is a construction like any other):
//
//   - Settled parameters (flags.go): a bool, integer or string
//     parameter of an unexported function that every call in the
//     package passes as a constant (or as a settled parameter of its
//     own) takes only those constants: a bool passed as one constant
//     decides its branches once for all, and a switch on a mode never
//     runs a case, or the default, that no call's constant selects.
//   - Field invariants (fields.go): an unexported field of an
//     unexported struct type that every construction of the type sets,
//     and that every store sets to a value that is not nil (an
//     allocation, a make, a closure, a checked result), or that every
//     store sets to one constant. A test of it against nil, or against
//     a constant, on an object that is no longer being built has one
//     live branch.
//   - Nil and constant results (results.go): a result that every
//     function a call can run returns as nil (an error no implementation
//     of an unexported interface method returns) makes the test of it
//     against nil after the call decided; one that every return the
//     build reaches gives as one constant (the platform a switch on
//     runtime.GOOS picks) makes a comparison of it with a constant
//     decided.
//   - Variables settled under the build (globals.go): an unexported
//     package-level bool, or a variable whose zero value is nil, that
//     the package's non-test code only reads, or sets only to the value
//     it holds once initialised, holds that value in the build users
//     run, whatever its tests set: a switch or hook only a _test.go file
//     turns on (partitionsNoPanic = true) decides the package's own
//     branches on it, not the tests'.
//   - List element types (elems.go): a container/list.List in an
//     unexported field that the package uses only through its methods,
//     and into which every insertion puts a value of one dynamic type,
//     holds only that type: a comma-ok assertion to it of an element's
//     Value, taken from that list, succeeds, and the branch for an
//     element of another type (a defensive "incorrect type" path that
//     pops again with the lock held) never runs.
//
// Beside the branches, three facts of the object graph. A back-pointer
// (backs.go), a part every owner makes for itself and that points back
// at it (s.idx = &index{store: s}), so that s.idx.store is s; or a map
// of such parts (s.nodes[id] = &node{store: s}), so that the store of
// every node looked up in it or ranged over is s. A made
// field (made.go), one an object gets from its constructor's parameter
// and keeps (newEncoder(c) returns &encoder{conn: c}), so that
// newEncoder(c).conn is c. The gate model's Namers see through both
// (FindBacks, Backs.Is; FindMade, Made.Param): a lock reached through
// the part is the owner's, and one reached through the encoder its
// connection's. A keyed map (keyed.go), one the package fills only with
// objects filed under a field of their own (c.subs[s.sid] = s), yields
// on a lookup by that field of an object the object itself or nothing
// (FindKeyed, Keyed.Key): the lock of c.subs[sub.sid] is sub's. Any field set only as its object is made is fixed
// (Made.Fixed): a mode the concurrency model reads. A field set to
// something other than nil only on objects the storing function
// allocates, and otherwise only cleared (Made.Assigned), holds after
// such a store either its value or nil, so cmd.enc.end() after
// cmd.enc = c.begin() ends the encoder begin made, even once cmd is
// shared. An assigned field that every store of a one-way flag clears
// just before it (account = nil; done = true, cleared.go) is nil
// wherever a test has seen the flag set on the same object: Paths.Follow
// does not take its non-nil branch there.
//
// Origins (origins.go) follow the objects of a type made with a mode
// they keep (a fixed field every allocation sets to a constant: a
// connection's kind) through the package's values, to the modes each
// value's objects can have (FindOrigins, Origins.Modes): the lock-order
// model tells apart the gateway connections a map holds from the leaf
// connection a handler holds.
//
// A closing field (closing.go) is one every construction sets and
// every store sets to something other than nil, except stores of nil
// into built objects (db.mem = nil in Close): its nil branch runs only
// after one of them (FindClosing; the gate model judges what that
// rules out, gate.Result.AfterClose).
//
// The functions of the package's generated files count too: a generated
// mock is an implementation, and a caller, like any other.
//
// Paths.Follow is the question the dataflow asks of each edge.
// Constant conditions (if false { … }) are cfg.Taken's, not this
// package's: go/ssa folds them, build tags included, before either runs.
// A comparison of two constants, which a switch on a constant makes and
// go/ssa leaves as it is, is this package's (foldConsts).
package values
