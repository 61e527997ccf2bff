package concurrency

import (
	"fmt"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// A run loop is a function that runs on one goroutine per object: a go
// statement starts it, and nothing else calls it (it is no root but
// for that start, and has no other call site); the statement is in no
// loop, and the goroutine gets an object its starter makes on that
// call, so each object gets one such goroutine. Everything within a run
// loop runs on that one goroutine, one after the other.
type runLoop struct {
	fn    *ssa.Function
	start ssa.Instruction
}

// runLoops returns the package's run loops.
func (r *Result) runLoops() []runLoop {
	if r.loops != nil {
		return *r.loops
	}
	var out []runLoop
	for _, fi := range r.gates.Funcs {
		for _, s := range fi.Starts() {
			g, ok := s.Instr.(*ssa.Go)
			if !ok || s.Fn == nil || cfg.InLoop(g) || !freshObject(fi.Fn, s.Values) {
				continue
			}
			fn := s.Fn
			sites := r.callsOf(fn)
			if len(sites) != 1 || sites[0] != g || r.entered(fn) {
				continue
			}
			out = append(out, runLoop{fn, g})
		}
	}
	r.loops = &out
	return out
}

// freshObject reports whether one of vals is an object fn makes.
func freshObject(fn *ssa.Function, vals []ssa.Value) bool {
	for _, v := range vals {
		if a, ok := v.(*ssa.Alloc); ok && a.Heap && a.Parent() == fn {
			return true
		}
	}
	return false
}

// sameLoop reports whether a and b both run only within one run loop
// (see runLoop): on one goroutine per object, one after the other.
func (r *Result) sameLoop(fa *gate.FuncInfo, a ssa.Instruction, fb *gate.FuncInfo, b ssa.Instruction) (Reason, bool) {
	ra, rb := runsIn(fa, a), runsIn(fb, b)
	for _, l := range r.runLoops() {
		if r.extents.within(ra, l.fn) && r.extents.within(rb, l.fn) {
			what := fmt.Sprintf("runs only on the goroutine started at %s, as the other does: %s runs one per object, and nothing else calls it",
				gate.PosText(r.fset, l.start.Pos()), naming.CalleeName(l.fn, r.pkg))
			return Reason{Pos: l.start.Pos(), What: what}, true
		}
	}
	return Reason{}, false
}

// runsIn returns the function whose extent holds what point a in fa
// does: the goroutine's function when a starts one (a go statement, or
// a group's Go).
func runsIn(fa *gate.FuncInfo, a ssa.Instruction) *ssa.Function {
	if g, ok := a.(*ssa.Go); ok {
		if cal, ok := naming.Resolve(&g.Call); ok {
			return cal.Fn
		}
	}
	if s, ok := fa.StartAt(a); ok && s.Fn != nil {
		return s.Fn
	}
	return fa.Fn
}
