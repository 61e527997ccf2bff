package resource

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A Resource is what a touch uses, as passes group uses: a package-level
// variable (with everything reached through it), a field of an instance
// (the first field after the last pointer on the ref's path: the state of
// the innermost instance), or a function annotated //gatevet:guardedby.
type Resource struct {
	Key      string       // "g:pkg.name", or "pkg.T.f" for fields and methods
	Obj      types.Object // the variable, field or function
	Global   bool         // process-wide: rooted at a package-level variable
	Instance naming.Ref   // fields and methods: the instance they belong to
}

// Of names the resource that ref r, in fi's terms, uses. ok is false
// when r is a local, reaches no named field or variable, or the types
// cannot be followed (type parameters).
func Of(fi *gate.FuncInfo, r naming.Ref) (res Resource, ok bool) {
	switch r.Root {
	case naming.Global:
		return globalResource(fi.Fn, r)
	case naming.Local:
		return Resource{}, false
	}
	t := fi.RootType(r)
	if t == nil {
		return Resource{}, false
	}
	// inst is where the instance's path ends: a struct embedded by value
	// is part of its owner's instance, so its fields are the owner's,
	// one resource each.
	inst := 0
	for i, step := range r.Path {
		if step == naming.Deref {
			p, isPtr := t.Underlying().(*types.Pointer)
			if !isPtr {
				return Resource{}, false
			}
			t, res.Obj = p.Elem(), nil
			continue
		}
		if naming.IsElemStep(step) {
			// An element is an instance of its own.
			if t = known.ElemType(t); t == nil {
				return Resource{}, false
			}
			res.Obj = nil
			continue
		}
		start := false
		if p, isPtr := t.Underlying().(*types.Pointer); isPtr {
			t, start = p.Elem(), true
		}
		var pkg *types.Package
		if n, ok := types.Unalias(t).(*types.Named); ok {
			pkg = n.Obj().Pkg()
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, strings.TrimSuffix(step, "()"))
		switch obj := obj.(type) {
		case *types.Var:
			switch {
			case start || res.Obj == nil:
				inst = i
				fallthrough
			case embeddedStruct(res.Obj):
				res = Resource{Key: memberKey(t, obj), Obj: obj, Instance: naming.Ref{Root: r.Root, Index: r.Index, Name: r.Name, Path: r.Path[:inst]}}
			}
			t = obj.Type()
		case *types.Func:
			return Resource{Key: memberKey(t, obj), Obj: obj, Instance: naming.Ref{Root: r.Root, Index: r.Index, Name: r.Name, Path: r.Path[:i]}}, true
		default:
			return Resource{}, false
		}
	}
	return res, res.Obj != nil && res.Key != ""
}

// memberKey names field or method obj of type t as "pkg.T.name".
func memberKey(t types.Type, obj types.Object) string {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + obj.Name()
}

// globalResource names the package-level variable, or the annotated
// function (Name "f()"), at the root of r.
func globalResource(fn *ssa.Function, r naming.Ref) (Resource, bool) {
	obj := naming.LookupGlobal(fn, r)
	if obj == nil {
		return Resource{}, false
	}
	return Resource{Key: naming.GlobalKey(r.Pkg, r.Name), Obj: obj, Global: true}, true
}

// embeddedStruct reports whether obj is a struct embedded by value, whose
// fields are promoted to its owner's.
func embeddedStruct(obj types.Object) bool {
	f, ok := obj.(*types.Var)
	if !ok || !f.Embedded() {
		return false
	}
	_, isStruct := f.Type().Underlying().(*types.Struct)
	return isStruct
}
