package concurrency

import (
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// Started after. Everything a function does before a go statement
// happens before the goroutine it starts; a func value does not run
// before it is made. A function of the package whose every way in is a
// goroutine started, or a func value made, by one function at points
// that a point a of it reaches first on every path runs, on each call of
// that function, only after a: a worker that Run starts at its end,
// given c.runWorker, and what only the worker calls.
//
// Two calls of the starter are another matter: the second one's a runs
// while the first one's worker may. A controller's Run, a server's
// Serve are called once per object; the model takes them at their word,
// so StartedAfter is for judgements that need the code's own order
// only (a contract a name states, not a race on data).

// StartedAfter reports whether fb's function runs, for each call of
// fa's function, only after instruction a of it: every root the
// package's calls reach fb's function from (extents) is a function only
// started or made a value of in fa's function, at instructions a
// dominates, and fa's function reaches it by no call of its own.
func (r *Result) StartedAfter(fa *gate.FuncInfo, a ssa.Instruction, fb *gate.FuncInfo) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	e := r.extents
	preds, isRoot := e.callers()
	seen := map[*ssa.Function]bool{fb.Fn: true}
	stack := []*ssa.Function{fb.Fn}
	roots := 0
	for len(stack) > 0 {
		fn := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if fn == fa.Fn {
			return false // fa's function calls into it itself
		}
		if isRoot[fn] {
			roots++
			if !r.madeOnlyAfter(fn, fa, a) {
				return false
			}
		}
		for _, p := range preds[fn] {
			if !seen[p] {
				seen[p] = true
				stack = append(stack, p)
			}
		}
	}
	return roots > 0
}

// madeOnlyAfter reports whether root fn's only ways in are go
// statements that start it, and func values of it (itself, a bound
// method of it), in fa's function at instructions a dominates: fn is
// not exported, and no other function of the package names it but to
// call it.
func (r *Result) madeOnlyAfter(fn *ssa.Function, fa *gate.FuncInfo, a ssa.Instruction) bool {
	if fn.Parent() == nil && (fn.Object() == nil || fn.Object().Exported()) {
		return false
	}
	if fn.Signature.Recv() != nil && r.gates.Invoked(fn.Name()) {
		return false
	}
	names := func(v ssa.Value) bool {
		switch v := v.(type) {
		case *ssa.Function:
			return v == fn || v.Synthetic != "" && naming.WrappedMethod(v) == fn
		case *ssa.MakeClosure:
			f := v.Fn.(*ssa.Function)
			return f == fn || f.Synthetic != "" && naming.WrappedMethod(f) == fn
		}
		return false
	}
	found := false
	var ops []*ssa.Value
	for _, src := range r.gates.Source {
		for _, b := range src.Blocks {
			for _, instr := range b.Instrs {
				var callee ssa.Value
				if call, ok := instr.(ssa.CallInstruction); ok {
					if _, isGo := call.(*ssa.Go); !isGo {
						callee = call.Common().Value // a plain call is a way in extents follow
					}
				}
				for _, op := range instr.Operands(ops[:0]) {
					if *op == nil || *op == callee || !names(*op) {
						continue
					}
					if src != fa.Fn || !cfg.Dominates(a, instr) {
						return false
					}
					found = true
				}
			}
		}
	}
	return found
}
