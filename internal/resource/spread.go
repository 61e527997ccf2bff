package resource

import (
	"go/types"
	"slices"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Bounds of spread: how deep into structs held by value it goes, and how
// many fields one touch stands for.
const (
	maxSpreadDepth  = 3
	maxSpreadFields = 64
)

// spread returns t and, when t uses a struct held by value (a
// package-level variable of struct type, or a field of struct type), a
// touch of each of the struct's fields, down through the structs they
// hold by value: writing the struct (logging.settings = s) writes every
// field, and copying it reads every field, each a resource of its own
// (see Resource). Fields that synchronise themselves are left out, as
// touches leave them out.
func spread(fi *gate.FuncInfo, t Touch) []Touch {
	st := heldStruct(fi, t.Res)
	if st == nil {
		return []Touch{t}
	}
	out := []Touch{t}
	var walk func(r naming.Ref, st *types.Struct, depth int)
	walk = func(r naming.Ref, st *types.Struct, depth int) {
		for i := range st.NumFields() {
			f := st.Field(i)
			if f.Name() == "_" || known.SelfSynced(f.Type()) || len(out) > maxSpreadFields {
				continue
			}
			ft := t
			ft.Res.Path = append(slices.Clip(r.Path), f.Name())
			out = append(out, ft)
			if inner, ok := f.Type().Underlying().(*types.Struct); ok && depth+1 < maxSpreadDepth {
				walk(ft.Res, inner, depth+1)
			}
		}
	}
	walk(t.Res, st, 0)
	return out
}

// heldStruct returns the struct that r names held by value: a
// package-level variable's, or a field's; nil for anything else (a
// pointer, what a pointer points to, an element).
func heldStruct(fi *gate.FuncInfo, r naming.Ref) *types.Struct {
	var t types.Type
	switch {
	case len(r.Path) == 0:
		if r.Root != naming.Global {
			return nil
		}
		v, ok := naming.LookupGlobal(fi.Fn, r).(*types.Var)
		if !ok {
			return nil
		}
		t = v.Type()
	case r.Path[len(r.Path)-1] == naming.Deref || naming.IsElemStep(r.Path[len(r.Path)-1]):
		return nil
	default:
		root := fi.RootType(r)
		if root == nil {
			return nil
		}
		for s := range r.Steps(root) {
			if s.I == len(r.Path)-1 {
				if _, isField := s.Obj.(*types.Var); isField {
					t = s.To
				}
			}
		}
	}
	if t == nil || known.SelfSynced(t) {
		return nil
	}
	st, _ := t.Underlying().(*types.Struct)
	return st
}
