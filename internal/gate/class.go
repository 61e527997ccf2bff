package gate

import (
	"go/types"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Class names the class of gate r as fi sees it: the key of a
// package-level variable, or the named type and field that hold it.
// Gates that are a variable or parameter themselves have no class.
// Edges between classes are lock orders whatever the instance.
func (fi *FuncInfo) Class(r naming.Ref) (string, bool) {
	if r.Root == naming.Global {
		return r.Key(), true
	}
	t := fi.RootType(r)
	if t == nil {
		return "", false
	}
	var owner *types.Named
	var field string
	for _, step := range r.Path {
		if step == naming.Deref {
			t = known.PointerElem(t)
			continue
		}
		named, _ := types.Unalias(known.PointerElem(t)).(*types.Named)
		st, ok := known.PointerElem(t).Underlying().(*types.Struct)
		if !ok {
			return "", false
		}
		var f *types.Var
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() == step {
				f = st.Field(i)
			}
		}
		if f == nil {
			return "", false
		}
		owner, field, t = named, step, f.Type()
	}
	if owner == nil || owner.Obj().Pkg() == nil {
		return "", false
	}
	obj := owner.Origin().Obj()
	return obj.Pkg().Path() + "." + obj.Name() + "." + field, true
}
