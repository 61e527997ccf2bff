package holdwait

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// localRecvBlocked judges a receive from (or a send on) a channel the
// function made unbuffered itself and hands only to goroutines it
// starts: every send and close (every receive) is in those goroutines,
// started before the wait, and each comes after a blocking acquire of
// h's gate.
func (p *pkgInfo) localRecvBlocked(fi *gate.FuncInfo, w wait, h *gate.Holding) (blocker, bool) {
	if !unbufferedMake(w.obj) {
		return blocker{}, false
	}
	type started struct {
		s   gate.Start
		gfi *gate.FuncInfo
		cal naming.Callee
	}
	var ss []started
	allowed := make(map[ssa.Instruction]bool)
	for _, s := range fi.Starts() {
		gfi, cal, ok := p.startInfo(s)
		if !ok {
			continue
		}
		ss = append(ss, started{s, gfi, cal})
		allowed[s.Instr] = true
		if mc, ok := startValue(s).(*ssa.MakeClosure); ok {
			allowed[mc] = true
		}
	}
	is := func(v ssa.Value) bool {
		r, ok := fi.Ref(v)
		return ok && r.Key() == w.ref.Key()
	}
	srcs, ok := p.sources(fi, w, allowed)
	if !ok {
		return blocker{}, false
	}
	if own, ok := chanOps(fi.Fn, w.kind, is, allowed); !ok || len(own) > 0 {
		return blocker{}, false // it escapes, or the waiter answers itself
	}
	var found blocker
	any := false
	for _, src := range srcs {
		if len(src.ops) == 0 {
			continue
		}
		if !cfg.Dominates(src.instr, w.instr) {
			return blocker{}, false
		}
		b, ok := sourceBlocked(fi, src, h)
		if !ok {
			return blocker{}, false
		}
		if !any {
			found, any = b, true
		}
		found.latent = found.latent || b.latent
	}
	for _, st := range ss {
		ops, ok := chanOps(st.s.Fn, w.kind, translatedIs(fi, st.gfi, st.cal, w.ref), nil)
		switch {
		case !ok:
			return blocker{}, false
		case len(ops) == 0:
			continue
		case !cfg.Dominates(st.s.Instr, w.instr):
			return blocker{}, false // it may be started on another path, or later
		}
		b, ok := guarded(p.res, st.gfi, ops, h, func(_ compOp, ap gate.AcquirePoint) bool {
			g := ap.GateOp.Gate
			t, ok := fi.Translate(g, st.cal)
			return ok && t.Key() == h.Gate.Key()
		})
		if !ok {
			return blocker{}, false
		}
		if !any {
			found, any = b, true
			found.name, found.start = p.goroutineName(st.s), st.s.Pos
		}
		found.latent = found.latent || b.latent
	}
	return found, any
}

// groupBlocked judges a WaitGroup's or errgroup's Wait: one goroutine the
// group counts, started on a path to the Wait, that must acquire h's
// gate before its Done or its end, keeps the Wait waiting whenever it
// was started (a worker started in a loop).
func (p *pkgInfo) groupBlocked(fi *gate.FuncInfo, w wait, h *gate.Holding) (blocker, bool) {
	for _, s := range fi.Starts() {
		gfi, cal, ok := p.startInfo(s)
		if !ok || !cfg.After(s.Instr, w.instr) {
			continue
		}
		var ops []compOp
		switch {
		case s.Group != nil:
			if r, ok := fi.Ref(s.Group); !ok || r.Key() != w.ref.Key() {
				continue
			}
			ops = atReturns(s.Fn, s.Fn.Pos(), "returns")
		case w.kind == wgWait && addedBefore(fi, w.ref, s.Instr):
			ops, ok = groupOps(s.Fn, translatedIs(fi, gfi, cal, w.ref), false, nil)
			if !ok {
				continue
			}
		default:
			continue
		}
		b, ok := guarded(p.res, gfi, ops, h, func(_ compOp, ap gate.AcquirePoint) bool {
			g := ap.GateOp.Gate
			t, ok := fi.Translate(g, cal)
			return ok && t.Key() == h.Gate.Key()
		})
		if ok {
			b.name, b.start = p.goroutineName(s), s.Pos
			return b, true
		}
	}
	if w.kind != wgWait {
		return blocker{}, false
	}
	// Goroutines only Signals tell of: started here, counted by an Add
	// before the start, or started (and counted) by a helper.
	srcs, _ := p.sources(fi, w, make(map[ssa.Instruction]bool))
	for _, src := range srcs {
		_, started := src.instr.(*ssa.Go)
		if !cfg.After(src.instr, w.instr) || started && !addedBefore(fi, w.ref, src.instr) {
			continue
		}
		if b, ok := sourceBlocked(fi, src, h); ok {
			return b, true
		}
	}
	return blocker{}, false
}

// goroutineName names what goroutine s runs: its function, or, for a
// func literal, the goroutine by the line of its start.
func (p *pkgInfo) goroutineName(s gate.Start) string {
	if s.Fn.Parent() == nil {
		return naming.CalleeName(s.Fn, p.pass.Pkg.Path())
	}
	return fmt.Sprintf("the goroutine started on line %d", p.pass.Fset.Position(s.Pos).Line)
}

// startInfo returns the model's view of the function goroutine s runs,
// and that function as the starter sees it.
func (p *pkgInfo) startInfo(s gate.Start) (*gate.FuncInfo, naming.Callee, bool) {
	if s.Fn == nil {
		return nil, naming.Callee{}, false
	}
	gfi := p.res.Info(s.Fn)
	if gfi == nil {
		return nil, naming.Callee{}, false
	}
	var cal naming.Callee
	var ok bool
	if s.Group != nil {
		cal, ok = naming.Target(startValue(s))
	} else {
		cal, ok = naming.Resolve(s.Instr.Common())
	}
	return gfi, cal, ok && cal.Fn == s.Fn
}

// startValue returns the func value a start runs.
func startValue(s gate.Start) ssa.Value {
	c := s.Instr.Common()
	if s.Group != nil {
		return c.Args[1]
	}
	return c.Value
}

// translatedIs picks out the goroutine gfi's values that are, in the
// starter fi's terms, ref.
func translatedIs(fi, gfi *gate.FuncInfo, cal naming.Callee, ref naming.Ref) func(ssa.Value) bool {
	return func(v ssa.Value) bool {
		r, ok := gfi.Ref(v)
		if !ok {
			return false
		}
		t, ok := fi.Translate(r, cal)
		return ok && t.Key() == ref.Key()
	}
}

// unbufferedMake reports whether ch is a channel made unbuffered in its
// function (seen through the variable a closure captures).
func unbufferedMake(ch ssa.Value) bool {
	if u, ok := ch.(*ssa.UnOp); ok && u.Op == token.MUL {
		if a, ok := u.X.(*ssa.Alloc); ok {
			ch = naming.SoleStore(a)
		}
	}
	mc, ok := ch.(*ssa.MakeChan)
	if !ok {
		return false
	}
	k, ok := mc.Size.(*ssa.Const)
	return ok && k.Int64() == 0
}

// addedBefore reports whether fi calls Add on the WaitGroup ref on every
// path to instr.
func addedBefore(fi *gate.FuncInfo, ref naming.Ref, instr ssa.Instruction) bool {
	for _, b := range fi.Fn.Blocks {
		for _, x := range b.Instrs {
			call, ok := x.(*ssa.Call)
			if !ok || call.Call.StaticCallee() == nil || call.Call.StaticCallee().Name() != "Add" || len(call.Call.Args) != 2 {
				continue
			}
			if r, ok := fi.Ref(call.Call.Args[0]); ok && r.Key() == ref.Key() && cfg.Dominates(call, instr) {
				return true
			}
		}
	}
	return false
}
