package nestedacquire

import (
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/concurrency"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A read lock taken again under a read lock deadlocks only when a writer
// queues between the two (see gate.Result.Writer): the pass names that
// writer, or stays silent.

// writer is an exclusive acquire of a read lock's class.
type writer gate.Writer

// readWriter returns a writer of the read lock ap acquires again, as fi
// runs it, that can run while fi's path holds the first read lock on a
// published object (concurrency.Result.WriterOf).
func readWriter(conc *concurrency.Result, fi *gate.FuncInfo, ap gate.AcquirePoint) (writer, bool) {
	w, ok := conc.WriterOf(fi, ap.GateOp.Gate)
	return writer(w), ok
}

// recursiveRead reports whether ap takes a read lock again under a read
// lock of the same RWMutex.
func recursiveRead(ap gate.AcquirePoint) bool {
	return ap.GateOp.Mode == known.Shared && ap.Holding.Mode == known.Shared
}

// text says where the writer that can queue is, for the message, and
// returns the position of its acquire.
func (w writer) text(pass *analysis.Pass) (string, token.Pos) {
	return naming.CalleeName(w.Func.Fn, pass.Pkg.Path()) + " at " + position(pass, w.Acquire.Pos), w.Acquire.Pos
}
