package concurrency

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// Together is the converse of Apart. That the model cannot keep two
// points apart does not show that anything runs them at once: two
// methods of a type with a lock may both be called, one after the other,
// by the one goroutine that owns the value. The package's own code shows
// it in two ways. A point on a goroutine a function of the package
// (not its tests) starts and does not wait for runs beside whatever that
// function's callers do next, and beside every exported function they
// may call. And a type
// whose doc comment says its values are safe for concurrent use
// (directive.Concurrent) has its exported methods called on any
// goroutine, beside each other. Without either, whether two points meet
// depends on a caller the package cannot see.

// A Side is one of two points asked about: the function it is reached
// from (an entry of the package), and whether it runs on a goroutine that
// function starts.
type Side struct {
	Func    *gate.FuncInfo
	Started bool
}

// Together reports why the package's own code runs a and b at the same
// time, on instances of one of owners: the goroutine one of them runs on
// (Reason.Pos unset for a side on a goroutine its own function starts,
// which the side shows; else at the go statement), or the sentence of an
// owner's doc comment that says its values are used concurrently
// (Reason.Pos at that sentence). ok is false when the package shows
// neither.
func (r *Result) Together(a, b Side, owners []*types.TypeName) (Reason, bool) {
	for _, s := range []Side{a, b} {
		if s.Started {
			return Reason{What: fmt.Sprintf("the goroutine %s starts runs beside its callers", naming.FuncName(s.Func.Fn))}, true
		}
		if at, ok := r.detachedOf()[s.Func]; ok {
			return Reason{Pos: at, What: fmt.Sprintf("%s runs on a goroutine started at %s that nothing waits for", naming.FuncName(s.Func.Fn), gate.PosText(r.fset, at))}, true
		}
	}
	for _, tn := range owners {
		if ds := r.gates.Directives.Of(tn, directive.Concurrent); len(ds) > 0 {
			return Reason{Pos: ds[0].Pos, What: fmt.Sprintf("%s's doc says %q", tn.Name(), ds[0].Said)}, true
		}
	}
	return Reason{}, false
}

// detachedOf returns the functions that may run on a goroutine a
// function of the package (not of its tests) starts and does not wait
// for (EndWaits), each with the go statement: they run beside whatever
// the starter's callers do next. Workers a function starts and joins
// before it returns run only within its call. A method the goroutine
// calls on an object it made and has not published yet (Owned: a shard
// it builds and sets up before it stores it) runs on that object only,
// which no caller of the package holds: it is not followed.
func (r *Result) detachedOf() map[*gate.FuncInfo]token.Pos {
	r.detachOnce.Do(func() {
		r.detached = make(map[*gate.FuncInfo]token.Pos)
		for _, fi := range r.gates.Funcs {
			if r.gates.InTest(fi) {
				continue
			}
			for _, s := range fi.Starts() {
				if info := r.gates.Info(s.Fn); info != nil && len(r.EndWaits(fi, s)) == 0 {
					r.detach(info, s.Pos)
				}
			}
		}
	})
	return r.detached
}

// detach marks fi, and what it calls on the goroutine started at pos,
// as detached (see detachedOf).
func (r *Result) detach(fi *gate.FuncInfo, pos token.Pos) {
	if _, seen := r.detached[fi]; seen {
		return
	}
	r.detached[fi] = pos
	for _, b := range fi.Fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			cal, ok := naming.Resolve(call.Common())
			if !ok || r.onOwned(fi, call, cal) {
				continue
			}
			if callee := r.gates.Info(cal.Fn); callee != nil {
				r.detach(callee, pos)
			}
		}
	}
}

// onOwned reports whether call, a method call in fi, is made on an
// object fi owns at the call.
func (r *Result) onOwned(fi *gate.FuncInfo, call ssa.CallInstruction, cal naming.Callee) bool {
	if cal.Fn.Signature.Recv() == nil {
		return false
	}
	recv := cal.Value(0, false)
	if recv == nil {
		return false
	}
	ref, ok := fi.Ref(recv)
	if !ok {
		return false
	}
	_, owned := r.Owned(fi, call, ref)
	return owned
}
