package concurrency

import (
	"fmt"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// Apart reports whether the point a in fa and the point b in fb cannot
// run at the same time, and why: one runs only after the other's
// function has signalled its end (signals.go), both run only on one
// run loop (runloop.go), one runs only while a one-way flag is unset
// and the other after it is set (latched.go), one runs before or after
// every test (testmain.go), one writes a variable initialised lazily
// under a lock and the other runs after a call of its initialiser
// (lazy.go), or both run in methods their caller calls one at a
// time (contract.go).
func (r *Result) Apart(fa *gate.FuncInfo, a ssa.Instruction, fb *gate.FuncInfo, b ssa.Instruction) (Reason, bool) {
	return r.ApartPoints(Point{Func: fa, Instr: a}, Point{Func: fb, Instr: b})
}

// A Point is where something happens: an instruction of a function and,
// when the instruction is a call or a go statement and what matters
// happens inside the callee, the position in the package where it does
// (the end of a use's chain of calls), or token.NoPos.
type Point struct {
	Func  *gate.FuncInfo
	Instr ssa.Instruction
	Inner token.Pos
	Of    naming.Ref // the instance whose field the point uses, in Func's terms, if known
	// Started says that what the point does happens on a goroutine a
	// callee starts and does not wait for: after the locks held at the
	// point have been let go of.
	Started bool
}

// ApartPoints is Apart for points that may lie inside a callee: a write
// in a helper that closes done as it returns, reached through a
// goroutine that calls it, runs before the close as well.
func (r *Result) ApartPoints(pa, pb Point) (Reason, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	fa, a, fb, b := pa.Func, pa.Instr, pb.Func, pb.Instr
	if why, ok := r.endsBefore(pa, fb, b); ok {
		return why, true
	}
	if why, ok := r.endsBefore(pb, fa, a); ok {
		return why, true
	}
	if why, ok := r.sameLoop(fa, a, fb, b); ok {
		return why, true
	}
	if why, ok := r.publishedOnce(pa, pb); ok {
		return why, true
	}
	if why, ok := r.publishedOnce(pb, pa); ok {
		return why, true
	}
	if why, ok := r.latchedApart(pa, pb); ok {
		return why, true
	}
	if why, ok := r.latchedApart(pb, pa); ok {
		return why, true
	}
	if why, ok := r.fixedModes(pa, pb); ok {
		return why, true
	}
	if why, ok := r.aroundTests(pa, pb); ok {
		return why, true
	}
	if why, ok := r.aroundTests(pb, pa); ok {
		return why, true
	}
	if why, ok := r.onceApart(pa, pb); ok {
		return why, true
	}
	if why, ok := r.lazyApart(pa, pb); ok {
		return why, true
	}
	return r.oneAtATime(fa, a, fb, b)
}

// endsBefore reports whether what point pa does runs before b in fb:
// pa's function runs within a function whose end signal b waits for
// (or, when pa starts a goroutine, the goroutine's function does; when
// it calls a function, what the call does runs within the callee: a
// call of the function that closes done at its end does its work
// before the close; and so does what happens at pa.Inner, in the
// function there).
func (r *Result) endsBefore(pa Point, fb *gate.FuncInfo, b ssa.Instruction) (Reason, bool) {
	waits := r.waitsBefore(fb, b)
	if len(waits) == 0 {
		return Reason{}, false
	}
	runs := []*ssa.Function{runsIn(pa.Func, pa.Instr)}
	if callee := calledBy(pa.Instr); callee != nil {
		runs = append(runs, callee)
	}
	if inner := r.funcAt(pa.Inner); inner != nil {
		runs = append(runs, inner)
	}
	for _, s := range r.signalsOf() {
		for _, w := range waits {
			in := slices.ContainsFunc(runs, func(f *ssa.Function) bool { return r.extents.within(f, s.fn) })
			if w.class != s.class || !in || r.extents.within(fb.Fn, s.fn) {
				continue
			}
			what := fmt.Sprintf("runs after %s (%s), which waits for %s to return: it %s when it does (%s)",
				w.what, gate.PosText(r.fset, w.instr.Pos()), naming.CalleeName(s.fn, r.pkg), s.what, gate.PosText(r.fset, s.pos))
			return Reason{Pos: w.instr.Pos(), What: what}, true
		}
	}
	return Reason{}, false
}

// calledBy returns the function call a runs in place, when a is a call
// the model resolves to one function (not a go or a defer statement).
func calledBy(a ssa.Instruction) *ssa.Function {
	call, ok := a.(*ssa.Call)
	if !ok {
		return nil
	}
	if cal, ok := naming.Resolve(call.Common()); ok {
		return cal.Fn
	}
	return nil
}

// FuncAt returns the innermost function of the package whose body holds
// pos, or nil: where an access a chain of calls ends at lies (a chain
// kept short drops the hops between).
func (r *Result) FuncAt(pos token.Pos) *ssa.Function {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.funcAt(pos)
}

// funcAt returns the innermost function of the package whose body holds
// pos, or nil.
func (r *Result) funcAt(pos token.Pos) *ssa.Function {
	if !pos.IsValid() {
		return nil
	}
	if fn, done := r.funcsAt[pos]; done {
		return fn
	}
	var best *ssa.Function
	for _, fi := range r.gates.Funcs {
		syn := fi.Fn.Syntax()
		if syn == nil || pos < syn.Pos() || pos >= syn.End() {
			continue
		}
		if best == nil || syn.Pos() >= best.Syntax().Pos() {
			best = fi.Fn
		}
	}
	r.funcsAt[pos] = best
	return best
}
