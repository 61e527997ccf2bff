package holdwait

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// guarded reports whether goroutine gfi must take h's gate before each
// of ops: a blocking acquire of it (is says which acquires are of h's
// gate, as the goroutine names it, and count, for each op) in a mode
// that conflicts with h's
// runs before the op on every path. Failing that, it reports a latent
// blocker when some path may: an acquire of the gate that the goroutine
// can reach before any of ops, and after which one of them can follow
// (a loop that locks only when an item is pending, before it sees the
// stop). The blocker names the first op and the acquire before it.
func guarded(res *gate.Result, gfi *gate.FuncInfo, ops []compOp, h *gate.Holding, is func(compOp, gate.AcquirePoint) bool) (blocker, bool) {
	if len(ops) == 0 {
		return blocker{}, false
	}
	var out blocker
	for i, op := range ops {
		ap, ok := acquireBefore(res, gfi, op, h, is)
		if !ok {
			return latentGuard(res, gfi, ops, h, is)
		}
		if i == 0 {
			out = blocker{acquire: ap, op: op.pos, opWhat: op.what}
		}
	}
	return out, true
}

// latentGuard returns a blocking acquire of h's gate that gfi can reach
// from its start before any of ops, and after which one of them can run.
func latentGuard(res *gate.Result, gfi *gate.FuncInfo, ops []compOp, h *gate.Holding, is func(compOp, gate.AcquirePoint) bool) (blocker, bool) {
	for _, ap := range gfi.Acquires {
		if !ap.Blocking || ap.AtReturn || !counts(h, ap.GateOp.Mode) || !surely(res, gfi, ap, maxDepth) || !beforeAll(gfi.Fn, ap.Instr, ops) {
			continue
		}
		for _, op := range ops {
			if is(op, ap) && cfg.After(ap.Instr, op.at) {
				return blocker{acquire: ap, op: op.pos, opWhat: op.what, latent: true}, true
			}
		}
	}
	return blocker{}, false
}

// beforeAll reports whether a path from fn's entry reaches instr without
// passing any of ops. A select's case is passed only on the way into
// that case: a select that takes another (the loop's stop channel) has
// not received from the op's channel.
func beforeAll(fn *ssa.Function, instr ssa.Instruction, ops []compOp) bool {
	stop := make(map[ssa.Instruction]bool, len(ops))
	for _, op := range ops {
		stop[caseStart(op)] = true
	}
	found := false
	cfg.Forward(fn.Blocks[:1], func(b *ssa.BasicBlock) bool {
		for _, x := range b.Instrs {
			if x == instr {
				found = true
			}
			if found || stop[x] {
				return false
			}
		}
		return true
	})
	return found
}

// acquireBefore returns a blocking acquire of h's gate that runs before
// op on every path.
func acquireBefore(res *gate.Result, gfi *gate.FuncInfo, op compOp, h *gate.Holding, is func(compOp, gate.AcquirePoint) bool) (gate.AcquirePoint, bool) {
	for _, ap := range gfi.Acquires {
		if ap.Blocking && !ap.AtReturn && counts(h, ap.GateOp.Mode) && is(op, ap) &&
			cfg.Dominates(ap.Instr, op.at) && surely(res, gfi, ap, maxDepth) {
			return ap, true
		}
	}
	return gate.AcquirePoint{}, false
}

// maxDepth bounds how deep surely follows calls.
const maxDepth = 4

// surely reports whether ap acquires its gate whenever its instruction
// runs: a gate's own method, a channel semaphore's send, or a call of a
// function that acquires the gate surely before each of its returns. A
// callee's summary says only that it may acquire: "if x { mu.Lock() }"
// is no sure acquire.
func surely(res *gate.Result, fi *gate.FuncInfo, ap gate.AcquirePoint, depth int) bool {
	if _, ok := ap.Instr.(*ssa.Send); ok {
		return true
	}
	call, ok := ap.Instr.(*ssa.Call)
	switch {
	case !ok:
		return false
	case res.IsGateCall(&call.Call):
		return len(ap.Chain) == 0 // not a Once's Do running a func that locks
	case depth == 0:
		return false
	}
	cal, ok := naming.Resolve(&call.Call)
	if !ok {
		return false
	}
	cfi := res.Info(cal.Fn)
	rets := atReturns(cal.Fn, token.NoPos, "")
	if cfi == nil || len(rets) == 0 {
		return false
	}
	for _, ret := range rets {
		if !slices.ContainsFunc(cfi.Acquires, func(c gate.AcquirePoint) bool {
			r, ok := fi.Translate(c.GateOp.Gate, cal)
			return ok && r.Key() == ap.GateOp.Gate.Key() && c.Blocking && !c.AtReturn && c.GateOp.Mode == ap.GateOp.Mode &&
				cfg.Dominates(c.Instr, ret.at) && surely(res, cfi, c, depth-1)
		}) {
			return false
		}
	}
	return true
}

// releasedBefore reports whether gfi lets go of gate g again before one
// of ops (lock; read; unlock; receive): a goroutine that keeps running
// may then already wait in the operation when the waiter takes the gate,
// and the deadlock needs the waiter to take it while the goroutine is
// between the two.
func releasedBefore(gfi *gate.FuncInfo, ops []compOp, g naming.Ref) bool {
	at := make(map[ssa.Instruction]bool, len(ops))
	for _, op := range ops {
		at[op.at] = true
	}
	released := false
	gfi.Walk(func(x ssa.Instruction, h gate.Held) {
		if at[x] && !h.Has(g.Key()) {
			released = true
		}
	})
	return released
}

// parked returns the ops a goroutine can wait in: receives and sends.
func parked(ops []compOp) []compOp {
	var out []compOp
	for _, op := range ops {
		if op.what == "receives from" || op.what == "sends on" {
			out = append(out, op)
		}
	}
	return out
}

// caseStart returns where op is passed: the first instruction of its case
// for a case of a select, op.at otherwise.
func caseStart(op compOp) ssa.Instruction {
	sel, ok := op.at.(*ssa.Select)
	if !ok {
		return op.at
	}
	for i, st := range sel.States {
		if st.Pos == op.pos {
			if b := cfg.SelectCase(sel, i); b != nil && len(b.Instrs) > 0 {
				return b.Instrs[0]
			}
		}
	}
	return op.at
}
