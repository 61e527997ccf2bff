package holdwait

import (
	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// guarded reports whether goroutine gfi must take h's gate before each
// of ops: a blocking acquire of it (is says which gates are h's, as the
// goroutine names them, for each op) in a mode that conflicts with h's
// runs before the op on every path. The blocker names the first op and
// the acquire before it.
func guarded(gfi *gate.FuncInfo, ops []compOp, h *gate.Holding, is func(compOp, naming.Ref) bool) (blocker, bool) {
	if len(ops) == 0 {
		return blocker{}, false
	}
	var out blocker
	for i, op := range ops {
		ap, ok := acquireBefore(gfi, op, h, is)
		if !ok {
			return blocker{}, false
		}
		if i == 0 {
			out = blocker{acquire: ap, op: op.pos, opWhat: op.what}
		}
	}
	return out, true
}

// acquireBefore returns a blocking acquire of h's gate that runs before
// op on every path.
func acquireBefore(gfi *gate.FuncInfo, op compOp, h *gate.Holding, is func(compOp, naming.Ref) bool) (gate.AcquirePoint, bool) {
	for _, ap := range gfi.Acquires {
		if ap.Blocking && !ap.AtReturn && counts(h, ap.GateOp.Mode) && is(op, ap.GateOp.Gate) && cfg.Dominates(ap.Instr, op.at) {
			return ap, true
		}
	}
	return gate.AcquirePoint{}, false
}
