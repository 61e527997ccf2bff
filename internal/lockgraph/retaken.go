package lockgraph

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/concurrency"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Drop and retake. A helper called with A held that lets go of A (to
// wait, or to call out) and takes it back before it returns takes A
// while its caller still holds what it held at the call: a caller
// holding B there has the order B → A, the reverse of the A → B it may
// have taken to get there. The helper's summary says so (a gate it
// drops and holds again on every return, gate.Summary.Drops and Holds);
// the edge is its caller's, at the call. A gate the helper lets go of
// too is not held when it takes A back: whatever order it takes them
// back in is its own edge.

// retaken returns the edges fi's calls of such helpers make.
func retaken(pass *analysis.Pass, res *gate.Result, conc *concurrency.Result, fi *gate.FuncInfo) []OrderEdge {
	pkg := pass.Pkg.Path()
	var out []OrderEdge
	var callers []string
	callersDone := false
	res.WalkCalls(fi, func(call ssa.CallInstruction, cal naming.Callee, sum *gate.Summary, held gate.Held) {
		if _, isGo := call.(*ssa.Go); isGo {
			return
		}
		for _, op := range retakes(sum) {
			ref, ok := fi.Translate(op.Gate, cal)
			if !ok {
				continue
			}
			to, ok := fi.Class(ref)
			if !ok || !held.Has(ref.Key()) {
				continue // taken back only if the caller held it
			}
			if _, owned := conc.Owned(fi, call, ref); owned {
				continue
			}
			toOp := gate.GateOp{Gate: ref, Kind: op.Kind, Mode: op.Mode}
			name := naming.CalleeName(cal.Fn, pkg)
			hop := gate.NewHop(pass.Fset, name+", which lets go of "+spell(toOp, pkg)+" and takes it back", call.Pos(), call.Pos())
			for _, h := range held.All() {
				from, ok := fi.Class(h.Gate)
				if !ok || from == to || drops(fi, sum, cal, h.Gate) {
					continue
				}
				if _, owned := conc.Owned(fi, call, h.Gate); owned {
					continue
				}
				if !callersDone {
					callers, callersDone = callersHold(res, fi), true
				}
				e := OrderEdge{From: from, To: to, FromName: spell(h.GateOp, pkg), ToName: spell(toOp, pkg),
					Func: naming.CalleeName(fi.Fn, pkg), Pkg: pkg, At: gate.PosText(pass.Fset, call.Pos()), FromAt: gate.PosText(pass.Fset, h.Pos),
					Shared: h.Mode == known.Shared && op.Mode == known.Shared, FromShared: h.Mode == known.Shared, ToShared: op.Mode == known.Shared,
					Chain: []gate.Hop{hop}, pos: call.Pos(), fromPos: h.Pos, fn: fi, instr: call,
					fixture: conc.Fixture(fi, h.Gate, ref), made: conc.MadeHere(fi, h.Gate) || conc.MadeHere(fi, ref)}
				// The other gates held at the call stay held inside it:
				// one held on both sides serialises them.
				for _, o := range held.All() {
					if c, ok := fi.Class(o.Gate); ok && o != h && c != to {
						e.Also = append(e.Also, c)
					}
				}
				e.Also = append(e.Also, callers...)
				out = append(out, e)
			}
		}
	})
	return out
}

// drops reports whether the helper sum summarises lets go of the
// caller's gate g too: then g is not held when it takes the other back
// (it lets go of both and takes them back in its own order, which its
// own acquires show).
func drops(fi *gate.FuncInfo, sum *gate.Summary, cal naming.Callee, g naming.Ref) bool {
	for _, d := range sum.Drops {
		if ref, ok := fi.Translate(d.Gate, cal); ok && ref.Key() == g.Key() {
			return true
		}
	}
	return false
}

// retakes returns the caller's gates sum's function lets go of and holds
// again on every return: it took them back.
func retakes(sum *gate.Summary) []gate.GateOp {
	var out []gate.GateOp
	for _, d := range sum.Drops {
		for _, h := range sum.Holds {
			if h.Gate.Key() == d.Gate.Key() && h.Kind == d.Kind && !h.Kind.Counting() {
				out = append(out, h)
			}
		}
	}
	return out
}
