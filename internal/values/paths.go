package values

import (
	"go/token"
	"go/types"
	"maps"

	"golang.org/x/tools/go/ssa"
)

// Paths holds what a package's values decide about its branches.
type Paths struct {
	flags  map[*ssa.Parameter]bool
	fields *invariants
}

// Of reads the settled flags and non-nil fields of the package whose
// source functions (closures included) are funcs and whose types are in
// pkg.
func Of(pkg *ssa.Package, funcs []*ssa.Function) *Paths {
	return &Paths{flags: settledFlags(funcs), fields: fieldInvariants(pkg, funcs)}
}

// Settled returns the constant every call passes for p, if it is a
// settled flag.
func (p *Paths) Settled(param *ssa.Parameter) (val, ok bool) {
	if p == nil {
		return false, false
	}
	val, ok = p.flags[param]
	return val, ok
}

// Settle returns p with param settled to val as well: the paths of a
// call that passes val.
func (p *Paths) Settle(param *ssa.Parameter, val bool) *Paths {
	q := &Paths{flags: make(map[*ssa.Parameter]bool)}
	if p != nil {
		maps.Copy(q.flags, p.flags)
		q.fields = p.fields
	}
	q.flags[param] = val
	return q
}

// Follow says whether control can pass from block from to its
// successor to: not the branch of an If that a settled flag or a field
// invariant rules out.
func (p *Paths) Follow(from, to *ssa.BasicBlock) bool {
	if p == nil {
		return true
	}
	ifi, ok := from.Instrs[len(from.Instrs)-1].(*ssa.If)
	if !ok || from.Succs[0] == from.Succs[1] {
		return true
	}
	onTrue := to == from.Succs[0]
	cond, negated := ifi.Cond, false
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond, negated = u.X, true
	}
	val, decided := p.fields.decides(cond)
	if param, isParam := cond.(*ssa.Parameter); isParam {
		val, decided = p.flags[param]
	}
	return !decided || onTrue == (val != negated)
}

// fieldOf returns the field fa addresses, as declared (the generic
// field of an instantiated type).
func fieldOf(fa *ssa.FieldAddr) *types.Var {
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return nil
	}
	return st.Field(fa.Field).Origin()
}
