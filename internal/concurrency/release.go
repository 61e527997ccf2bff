package concurrency

import (
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// ReleasedElsewhere returns where someone else than fi's own path may
// release gate g while fi, holding it, acquires it again at instr: a
// func value that releases g which fi hands on before instr
// (gate.FuncInfo.Handed), or, when fi is a goroutine's function, a
// release of the same gate by its starter after the go statement (the
// starter runs beside the goroutine: a lock used as a signal between
// the two). The acquire waits for that release rather than for ever.
// False when nothing but fi's own path can release g there.
func (r *Result) ReleasedElsewhere(fi *gate.FuncInfo, instr ssa.Instruction, g naming.Ref) (ssa.Instruction, bool) {
	for _, h := range fi.Handed {
		if h.Gate.Gate.Key() == g.Key() && (h.Instr == instr || cfg.After(h.Instr, instr)) {
			return h.Instr, true
		}
	}
	return r.releasedByStarter(fi, g)
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
