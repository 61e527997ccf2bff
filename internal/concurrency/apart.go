package concurrency

import (
	"fmt"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// Apart reports whether the point a in fa and the point b in fb cannot
// run at the same time, and why: one runs only after the other's
// function has signalled its end (signals.go), both run only on one
// run loop (runloop.go), or both run in methods their caller calls one
// at a time (contract.go).
func (r *Result) Apart(fa *gate.FuncInfo, a ssa.Instruction, fb *gate.FuncInfo, b ssa.Instruction) (Reason, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if why, ok := r.endsBefore(fa, a, fb, b); ok {
		return why, true
	}
	if why, ok := r.endsBefore(fb, b, fa, a); ok {
		return why, true
	}
	if why, ok := r.sameLoop(fa, a, fb, b); ok {
		return why, true
	}
	return r.oneAtATime(fa, a, fb, b)
}

// endsBefore reports whether what point a in fa does runs before b in
// fb: fa runs within a function whose end signal b waits for (or, when
// a starts a goroutine, the goroutine's function does; when a calls a
// function, what the call does runs within the callee: a call of the
// function that closes done at its end does its work before the close).
func (r *Result) endsBefore(fa *gate.FuncInfo, a ssa.Instruction, fb *gate.FuncInfo, b ssa.Instruction) (Reason, bool) {
	waits := r.waitsBefore(fb, b)
	if len(waits) == 0 {
		return Reason{}, false
	}
	runs, callee := runsIn(fa, a), calledBy(a)
	for _, s := range r.signalsOf() {
		for _, w := range waits {
			in := r.extents.within(runs, s.fn) || callee != nil && r.extents.within(callee, s.fn)
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
