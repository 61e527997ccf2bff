// Package facts carries the models' per-function summaries: a Table
// computes a function's summary once, on demand, for the functions of
// the package under analysis, and reads other packages' from their
// facts; the facts themselves travel in books (one package fact for all
// of a package's functions), encoded compactly and decoded on first use.
//
// Every model with a summary per function (the gate model's Summary,
// the resource model's touches, condwait's blocking functions, holdwait's
// signals, permitleak's leaks) keeps it in a Table, so that memoising,
// cutting call cycles, importing and exporting are written once:
//
//   - a function's summary is computed once, callees first; a function
//     on the current call cycle has none yet (the zero summary), so
//     recursion ends. A model that calls Settle (the gate model) has
//     the functions whose derivation met the cycle, or read a summary
//     that did, derived once more, the functions on the cycle standing
//     for their first summaries: what a cycle does reaches every
//     function on it (a Once's function that calls back the getter
//     that entered its Do) and their callers, at the cost of a second
//     derivation of those functions only;
//   - another package's function has the summary its package exported,
//     looked up by its generic origin;
//   - only the functions other packages can call (Exported) have their
//     summaries exported: an unexported helper's reaches other packages
//     inside its callers'.
//
// Both drivers, go vet's and standalone gatevet's, copy every fact of a
// package's dependency closure into the package's own facts, so every
// run reads and writes them all and uses few. A book is decoded on its
// first lookup, and a fact in it can keep its bytes (Lazy), which it
// writes out again as they are, until it is used.
package facts
