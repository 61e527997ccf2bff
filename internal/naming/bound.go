package naming

import "golang.org/x/tools/go/ssa"

// Bound returns the value the enclosing function binds to free variable
// fv where it makes fv's function literal: a captured variable's address,
// or a captured value; nil when the literal is made nowhere the SSA shows.
func Bound(fv *ssa.FreeVar) ssa.Value {
	lit := fv.Parent()
	parent := lit.Parent()
	if parent == nil {
		return nil
	}
	for i, f := range lit.FreeVars {
		if f != fv {
			continue
		}
		for _, b := range parent.Blocks {
			for _, instr := range b.Instrs {
				if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == lit && i < len(mc.Bindings) {
					return mc.Bindings[i]
				}
			}
		}
	}
	return nil
}
