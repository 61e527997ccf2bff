package naming

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

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

// maxBinding bounds how many enclosing literals and variables Origin
// and BoundOrigin look through.
const maxBinding = 8

// BoundOrigin returns what the outermost function that makes fv's
// literal binds to it, through literals made inside literals; nil when
// one of them is made nowhere the SSA shows.
func BoundOrigin(fv *ssa.FreeVar) ssa.Value {
	var v ssa.Value = fv
	for range maxBinding {
		f, ok := v.(*ssa.FreeVar)
		if !ok {
			return v
		}
		if v = Bound(f); v == nil {
			return nil
		}
	}
	return nil
}

// Origin returns the value v stands for once variables are seen
// through: a load of a variable stored once is the value stored in it,
// also when a closure loads the variable it captures; v otherwise.
func Origin(v ssa.Value) ssa.Value {
	for range maxBinding {
		u, ok := v.(*ssa.UnOp)
		if !ok || u.Op != token.MUL {
			break
		}
		x := u.X
		if fv, ok := x.(*ssa.FreeVar); ok {
			x = BoundOrigin(fv)
		}
		a, ok := x.(*ssa.Alloc)
		if !ok {
			break
		}
		stored := SoleStore(a)
		if stored == nil {
			break
		}
		v = stored
	}
	return v
}
