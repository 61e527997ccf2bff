package values

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Settled flags. A bool parameter that every call of its function in
// the package passes as the same constant (remove(subject, true), the
// only call of a helper that locks if shouldLock) decides its branches
// once for all: the branch the constant rules out never runs, and the
// must-held dataflow does not follow it. Only functions the package
// alone calls qualify: unexported, never used as a value (stored,
// passed, bound), not a method of a name called through an interface.
// The flags are read off the instructions before any summary: the call
// graph (the gate model's) is built after the summaries, whose dataflow
// needs them, and its escapes are only the publishing uses, where a
// flag needs every use but a call.

// settledFlags returns the bool parameters of funcs' functions that
// every call in funcs passes as one constant, with that constant.
func settledFlags(funcs []*ssa.Function) map[*ssa.Parameter]bool {
	type seen struct {
		val, mixed bool
		calls      int
	}
	args := make(map[*ssa.Parameter]*seen)
	escapes := make(map[*ssa.Function]bool)
	invoked := make(map[string]bool)
	var ops []*ssa.Value
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var callee ssa.Value
				if call, ok := instr.(ssa.CallInstruction); ok {
					c := call.Common()
					callee = c.Value
					if c.IsInvoke() {
						invoked[c.Method.Name()] = true
					}
					if f, ok := c.Value.(*ssa.Function); ok {
						if o := f.Origin(); o != nil {
							f = o
						}
						noteArgs(f, c.Args, func(p *ssa.Parameter, k *ssa.Const) {
							s := args[p]
							if s == nil {
								s = &seen{}
								args[p] = s
							}
							switch {
							case k == nil || k.Value == nil || k.Value.Kind() != constant.Bool:
								s.mixed = true
							case s.calls == 0:
								s.val = constant.BoolVal(k.Value)
							case s.val != constant.BoolVal(k.Value):
								s.mixed = true
							}
							s.calls++
						})
					}
				}
				for _, op := range instr.Operands(ops[:0]) {
					if *op == callee || *op == nil {
						continue
					}
					if f, ok := (*op).(*ssa.Function); ok {
						if o := f.Origin(); o != nil {
							f = o
						}
						escapes[f] = true
					}
				}
			}
		}
	}
	out := make(map[*ssa.Parameter]bool)
	for p, s := range args {
		fn := p.Parent()
		if s.mixed || s.calls == 0 || escapes[fn] || !packageOnly(fn, invoked) {
			continue
		}
		out[p] = s.val
	}
	return out
}

// noteArgs calls note for each bool parameter of f with the argument a
// call passes: the constant, or nil.
func noteArgs(f *ssa.Function, args []ssa.Value, note func(*ssa.Parameter, *ssa.Const)) {
	if len(args) != len(f.Params) {
		return
	}
	for i, p := range f.Params {
		if b, ok := p.Type().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
			continue
		}
		k, _ := args[i].(*ssa.Const)
		note(p, k)
	}
}

// packageOnly reports whether only the package's own static calls can
// reach fn: a named, unexported function or method, whose name the
// package does not call through an interface.
func packageOnly(fn *ssa.Function, invoked map[string]bool) bool {
	obj := fn.Object()
	if fn.Parent() != nil || obj == nil || obj.Exported() || fn.Synthetic != "" {
		return false
	}
	return fn.Signature.Recv() == nil || !invoked[fn.Name()]
}
