package lockgraph

import (
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
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
// the edge is its caller's, at the call. A gate the helper has let go
// of too when it takes A back is not held then: whatever order it takes
// them back in is its own edge.

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
		for _, op := range sum.Retakes {
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
				if !ok || from == to || droppedAtRetake(res, fi, sum, cal, h.Gate, op) || deepAlso(res, fi, sum, cal, h.Gate, op) {
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

// droppedAtRetake reports whether the helper cal calls, in this
// package, has let go of the caller's gate g (in fi's terms) every time
// it takes op back: a release of g comes before each such acquire on
// every path. The caller's hold of g is over then; if the helper holds
// g again there, it took it itself, and that order is its own edge. A
// helper known only by its summary keeps the edge.
func droppedAtRetake(res *gate.Result, fi *gate.FuncInfo, sum *gate.Summary, cal naming.Callee, g naming.Ref, op gate.GateOp) bool {
	hi := res.Info(cal.Fn)
	if hi == nil {
		return false
	}
	var in string // g in the helper's terms
	for _, d := range sum.Drops {
		if ref, ok := fi.Translate(d.Gate, cal); ok && ref.Key() == g.Key() {
			in = d.Gate.Key()
		}
	}
	if in == "" {
		return false
	}
	var retakes, releases []ssa.Instruction
	for _, ev := range hi.Events() {
		switch key := ev.Gate.Key(); {
		case ev.Deferred && ev.Op == known.Release:
		case ev.Op == known.Acquire && key == op.Gate.Key():
			// A deferred retake (defer mu.Lock()) runs at the return,
			// after whatever its defer statement comes after.
			retakes = append(retakes, ev.Instr)
		case ev.Op == known.Release && key == in:
			releases = append(releases, ev.Instr)
		}
	}
	dropped := func(x ssa.Instruction) bool {
		return slices.ContainsFunc(releases, func(r ssa.Instruction) bool { return cfg.Dominates(r, x) })
	}
	return len(retakes) > 0 && !slices.ContainsFunc(retakes, func(x ssa.Instruction) bool { return !dropped(x) })
}

// deepAlso reports whether the helper cal calls takes op back through a
// callee of its own, not itself, and lets go of the caller's gate g (in
// fi's terms) too on the way: in which order the callee takes the two
// back is not known here, so no order is assumed. A helper two calls
// above a drop-and-retake that lets go of the caller's lock alone keeps
// the edge.
func deepAlso(res *gate.Result, fi *gate.FuncInfo, sum *gate.Summary, cal naming.Callee, g naming.Ref, op gate.GateOp) bool {
	if hi := res.Info(cal.Fn); hi != nil {
		for _, ev := range hi.Events() {
			if ev.Op == known.Acquire && !ev.Via && ev.Gate.Key() == op.Gate.Key() {
				return false // it takes op back itself: droppedAtRetake judges
			}
		}
	}
	for _, list := range [][]gate.GateOp{sum.Drops, sum.Retakes} {
		for _, d := range list {
			if ref, ok := fi.Translate(d.Gate, cal); ok && ref.Key() == g.Key() {
				return true
			}
		}
	}
	return false
}
