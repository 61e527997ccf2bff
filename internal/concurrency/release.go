package concurrency

import (
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// ReleasedElsewhere returns where something else than what fi's own
// path is known to do may release the gate ap acquires again while fi
// holds it: a func value that releases it which fi hands on before ap
// (gate.FuncInfo.Handed); when fi is a goroutine's function, a release
// of the same gate by its starter after the go statement (the starter
// runs beside the goroutine: a lock used as a signal between the two);
// a call that left the gate held and handed its release on
// (releasedByHandle); or a call between the two acquires whose callee releases a gate of
// the same class through a name the model cannot put in fi's terms
// (releasedUnnamed). The acquire waits for that release, or may find the
// gate free, rather than block for ever. False when nothing but fi's own
// path can release the gate there.
func (r *Result) ReleasedElsewhere(fi *gate.FuncInfo, ap gate.AcquirePoint) (ssa.Instruction, bool) {
	g := ap.GateOp.Gate
	for _, h := range fi.Handed {
		if h.Gate.Gate.Key() == g.Key() && (h.Instr == ap.Instr || cfg.After(h.Instr, ap.Instr)) {
			return h.Instr, true
		}
	}
	if at, ok := r.releasedByStarter(fi, g); ok {
		return at, true
	}
	if at, ok := r.releasedByHandle(fi, ap); ok {
		return at, true
	}
	return r.releasedUnnamed(fi, ap)
}

// releasedByHandle returns the call that left ap's gate held when its
// callee also handed the gate's release on (a Reader that returns
// holding db.lock with a close func that unlocks it, kept in the
// reader) and its result is used before ap: whoever holds that release
// may give the gate back before ap. A handle nobody touches first
// releases nothing.
func (r *Result) releasedByHandle(fi *gate.FuncInfo, ap gate.AcquirePoint) (ssa.Instruction, bool) {
	h := ap.Holding
	if h == nil || !h.Via {
		return nil, false
	}
	key := ap.GateOp.Gate.Key()
	for call, cal := range fi.StaticCalls() {
		if start, _ := fi.Span(call.Pos()); start != h.Pos && call.Pos() != h.Pos {
			continue
		}
		ci := r.gates.Info(cal.Fn)
		if ci == nil {
			continue
		}
		if !usedBefore(call, ap.Instr) {
			continue // the handle is not touched before ap: nobody can release
		}
		for _, hr := range ci.Handed {
			if ref, ok := fi.Translate(hr.Gate.Gate, cal); ok && ref.Key() == key {
				return call, true
			}
		}
	}
	return nil, false
}

// usedBefore reports whether the result of call (or a part of it) has a
// use that ap can run after: the handle is closed, or handed on, first.
func usedBefore(call *ssa.Call, ap ssa.Instruction) bool {
	for _, u := range *call.Referrers() {
		if x, ok := u.(*ssa.Extract); ok {
			for _, xu := range *x.Referrers() {
				if _, debug := xu.(*ssa.DebugRef); !debug && xu != ap && cfg.After(xu, ap) {
					return true
				}
			}
			continue
		}
		if _, debug := u.(*ssa.DebugRef); !debug && u != ap && cfg.After(u, ap) {
			return true
		}
	}
	return false
}

// releasedUnnamed returns a call of fi made while ap's gate is held and
// before ap (round the loop, for a hold the previous iteration carries)
// whose callee releases a gate of the same class under another name, or
// one that cannot be put in fi's terms: t.pending[id].finish() releases
// the request's owner.mu, and child.Close() child.enc.client.mu, where
// child is either the command fi was given or the one it made last.
// That may be the gate ap acquires.
func (r *Result) releasedUnnamed(fi *gate.FuncInfo, ap gate.AcquirePoint) (ssa.Instruction, bool) {
	class, ok := fi.Class(ap.GateOp.Gate)
	if !ok {
		return nil, false
	}
	key := ap.GateOp.Gate.Key()
	var at ssa.Instruction
	r.gates.WalkCalls(fi, func(call ssa.CallInstruction, cal naming.Callee, sum *gate.Summary, held gate.Held) {
		if at != nil || call == ap.Instr || !cfg.After(call, ap.Instr) {
			return
		}
		if ap.Carried && !cfg.After(ap.Instr, call) || !ap.Carried && !held.Has(key) {
			return
		}
		for _, rel := range sum.Releases {
			c, ok := r.gates.ClassIn(cal.Fn, rel.Gate)
			if ref, named := fi.Translate(rel.Gate, cal); named {
				if ref.Key() == key {
					continue // the gate itself: the dataflow saw it
				}
				c, ok = fi.Class(ref)
			}
			if ok && c == class {
				at = call
				return
			}
		}
	})
	return at, at != nil
}

// releasedByStarter returns a release of g, in the terms of fi's
// function, that a function starting fi's function in a go statement
// makes after that statement.
func (r *Result) releasedByStarter(fi *gate.FuncInfo, g naming.Ref) (ssa.Instruction, bool) {
	if !g.Crosses() {
		return nil, false
	}
	for _, site := range r.gates.CallSites(fi.Fn) {
		goi, ok := site.(*ssa.Go)
		if !ok {
			continue
		}
		starter := r.gates.Info(goi.Parent())
		cal, ok := naming.Resolve(&goi.Call)
		if starter == nil || !ok {
			continue
		}
		ref, ok := starter.Translate(g, cal)
		if !ok {
			continue
		}
		for _, ev := range starter.Events() {
			if ev.Op == known.Release && ev.Gate.Key() == ref.Key() && cfg.After(goi, ev.Instr) {
				return ev.Instr, true
			}
		}
	}
	return nil, false
}
