package gate

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A read lock blocks only when the RWMutex is write-locked or a writer
// waits: then new readers queue. A read lock taken under a read lock of
// the same class, or an order cycle that needs a read lock to wait, can
// deadlock only if a writer of that class can run meanwhile. Writer
// names one, or reports that there is none:
//
//   - for production code, a writer in the package's production code:
//     first one on a goroutine the package starts (an event loop that
//     write-locks as events come runs beside any reader), then one in a
//     function the package calls itself;
//   - for test code, a writer that the test runs on another goroutine: a
//     goroutine the test starts, directly or through what it calls (a
//     server it starts), reaches it; for a function of a _test.go file
//     that a goroutine the test starts reaches (a method of the test's
//     own type), one that another goroutine the test starts reaches;
//     and, by the order of the test's steps, a goroutine an earlier
//     step starts beside a reader on the test's own goroutine, or a
//     later step's writer beside a reader a step starts, when the test
//     does not wait between (testruns.go). A test that takes the read
//     lock twice on one goroutine, with nothing started that could
//     write, cannot deadlock.
//
// A class with no writer in the package is not one that can deadlock
// here.

// A Writer is a blocking exclusive acquire of an RWMutex's class.
type Writer struct {
	Func    *FuncInfo
	Acquire AcquirePoint
}

// WriterIf returns a writer of class (see FuncInfo.Class) that can run
// while fi's path holds a read lock of it, and that accept admits: the
// concurrency model, which knows where a writer runs (only on objects
// not yet published), passes over the ones that cannot queue
// (concurrency.Result.Writer).
func (r *Result) WriterIf(fi *FuncInfo, class string, accept func(Writer) bool) (Writer, bool) {
	return r.writer(fi, class, nil, accept)
}

// writer is WriterIf for a read lock that fi names held, if held is not
// nil: a writer must be able to lock the same object (mayBeSame).
func (r *Result) writer(fi *FuncInfo, class string, held *naming.Ref, accept func(Writer) bool) (Writer, bool) {
	admit := func(w Writer) bool {
		return (held == nil || mayBeSame(fi, *held, w.Func, w.Acquire.GateOp.Gate)) && accept(w)
	}
	if r.InTest(fi) {
		return writerIn(r.besideInTest(fi), class, admit)
	}
	// A writer on a goroutine the package starts is named first: it runs
	// beside the reader whatever the reader's caller does. Then one the
	// package calls itself: the package's own use can queue it, not
	// only a caller's.
	var roots []*ssa.Function
	var called, uncalled []*FuncInfo
	for _, f := range r.Funcs {
		switch {
		case r.InTest(f):
			continue
		case len(r.CallSites(f.Fn)) > 0 || len(r.DynamicCallSites(f.Fn)) > 0:
			called = append(called, f)
		default:
			uncalled = append(uncalled, f)
		}
		roots = append(roots, f.startedFuncs()...)
	}
	var started []*FuncInfo
	for _, f := range r.closure(roots, r.callees(true, false)) {
		if !r.InTest(f) {
			started = append(started, f)
		}
	}
	for _, funcs := range [][]*FuncInfo{started, called, uncalled} {
		if w, ok := writerIn(funcs, class, admit); ok {
			return w, true
		}
	}
	return Writer{}, false
}

// WriterOfIf is WriterIf for the read lock g, as fi names it: the
// writer must also be able to lock the same object (mayBeSame).
func (r *Result) WriterOfIf(fi *FuncInfo, g naming.Ref, accept func(Writer) bool) (Writer, bool) {
	class, ok := fi.Class(g)
	if !ok {
		return Writer{}, false
	}
	return r.writer(fi, class, &g, accept)
}

// writerIn returns the first blocking exclusive acquire of class in funcs
// that admit admits.
func writerIn(funcs []*FuncInfo, class string, admit func(Writer) bool) (Writer, bool) {
	for _, f := range funcs {
		for _, w := range f.Acquires {
			if w.Blocking && w.GateOp.Mode == known.Exclusive && len(w.Chain) == 0 {
				if c, ok := f.Class(w.GateOp.Gate); ok && c == class && admit(Writer{f, w}) {
					return Writer{f, w}, true
				}
			}
		}
	}
	return Writer{}, false
}

// outermost returns the named function fi's literal is nested in, as
// the model knows it.
func (r *Result) outermost(fi *FuncInfo) *FuncInfo {
	if out := r.Info(naming.Outermost(fi.Fn)); out != nil {
		return out
	}
	return fi
}

// InTest reports whether fi is declared in a _test.go file.
func (r *Result) InTest(fi *FuncInfo) bool { return testFunc(fi.Fn) }

// testFunc reports whether fn is declared in a _test.go file.
func testFunc(fn *ssa.Function) bool {
	return fn.Pos().IsValid() && strings.HasSuffix(fn.Prog.Fset.Position(fn.Pos()).Filename, "_test.go")
}
