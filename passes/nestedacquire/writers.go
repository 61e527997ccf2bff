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
// runs it, that can run while fi's path holds the first read lock: not
// one that locks only objects its callers have made and not yet
// published, which no reader of a published object can meet; and rather
// than one the package calls only on objects it is making (a key's
// exported Import, called only on the key being built), one that can
// lock a published object.
func readWriter(res *gate.Result, conc *concurrency.Result, fi *gate.FuncInfo, ap gate.AcquirePoint) (writer, bool) {
	unowned := func(w gate.Writer) bool {
		_, owned := conc.Owned(w.Func, w.Acquire.Instr, w.Acquire.GateOp.Gate)
		return !owned
	}
	w, ok := res.WriterOfIf(fi, ap.GateOp.Gate, func(w gate.Writer) bool {
		return unowned(w) && !conc.BuiltOnly(w.Func, w.Acquire.GateOp.Gate)
	})
	if !ok {
		w, ok = res.WriterOfIf(fi, ap.GateOp.Gate, unowned)
	}
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
