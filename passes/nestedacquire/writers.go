package nestedacquire

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A read lock taken again under a read lock deadlocks only when a writer
// queues between the two: sync.RWMutex then blocks new readers. So the
// pass names a writer of the same lock (an exclusive Lock of the same
// class: the same field of the same type, or the same package-level
// variable) that can run meanwhile, or stays silent:
//
//   - in production code, a writer in the package's production code;
//   - in test code, a writer that the test runs on another goroutine: a
//     goroutine the test starts, directly or through what it calls (a
//     server it starts), reaches it. A test that takes the read lock
//     twice on one goroutine, with nothing started that could write,
//     cannot deadlock.
//
// A lock whose class has no writer in the package, or that the model
// cannot class, is not reported.

// writer is an exclusive acquire of a read lock's class.
type writer struct {
	fi *gate.FuncInfo
	ap gate.AcquirePoint
}

// readWriter returns a writer of the read lock ap acquires again, as fi
// runs it, that can run while fi's path holds the first read lock.
func readWriter(pass *analysis.Pass, res *gate.Result, fi *gate.FuncInfo, ap gate.AcquirePoint) (writer, bool) {
	class, ok := fi.Class(ap.GateOp.Gate)
	if !ok {
		return writer{}, false
	}
	if inTest(pass, fi) {
		_, started := res.Reach(outermost(res, fi))
		return writerIn(started, class)
	}
	var prod []*gate.FuncInfo
	for _, f := range res.Funcs {
		if !inTest(pass, f) {
			prod = append(prod, f)
		}
	}
	return writerIn(prod, class)
}

// writerIn returns the first blocking exclusive acquire of class in funcs.
func writerIn(funcs []*gate.FuncInfo, class string) (writer, bool) {
	for _, f := range funcs {
		for _, w := range f.Acquires {
			if w.Blocking && w.GateOp.Mode == known.Exclusive && len(w.Chain) == 0 {
				if c, ok := f.Class(w.GateOp.Gate); ok && c == class {
					return writer{f, w}, true
				}
			}
		}
	}
	return writer{}, false
}

// outermost returns the named function fi's literal is nested in, as
// the model knows it.
func outermost(res *gate.Result, fi *gate.FuncInfo) *gate.FuncInfo {
	if out := res.Info(naming.Outermost(fi.Fn)); out != nil {
		return out
	}
	return fi
}

// inTest reports whether fi is declared in a _test.go file.
func inTest(pass *analysis.Pass, fi *gate.FuncInfo) bool {
	return strings.HasSuffix(pass.Fset.Position(fi.Fn.Pos()).Filename, "_test.go")
}

// recursiveRead reports whether ap takes a read lock again under a read
// lock of the same RWMutex.
func recursiveRead(ap gate.AcquirePoint) bool {
	return ap.GateOp.Kind == known.RWMutex && ap.GateOp.Mode == known.Shared && ap.Held.Mode == known.Shared
}

// writerText says where the writer that can queue is, for the message.
func (w writer) text(pass *analysis.Pass) (string, token.Pos) {
	return naming.CalleeName(w.fi.Fn, pass.Pkg.Path()) + " at " + position(pass, w.ap.Pos), w.ap.Pos
}
