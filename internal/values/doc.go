// Package values says which branches of a package's code the package's
// own values rule out, so that the gate model's must-held dataflow does
// not follow a path the program never takes and facts carry no acquire,
// wait or leak out of one.
//
// Two kinds of value are known, each read off the package's SSA once,
// before any summary:
//
//   - Settled flags (flags.go): a bool parameter of an unexported
//     function that every call in the package passes as the same
//     constant decides its branches once for all.
//   - Non-nil fields (fields.go): an unexported field of an unexported
//     struct type that every construction of the type sets, and that
//     every store sets to a value that is not nil (an allocation, a
//     make, a closure, a checked result). A test of it against nil on
//     an object that is no longer being built has one live branch.
//
// Paths.Follow is the question the dataflow asks of each edge.
// Constant conditions (if false { … }) are cfg.Taken's, not this
// package's: go/ssa folds them, build tags included, before either runs.
package values
