package resource

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// A Resource is what a touch uses, as passes group uses: a package-level
// variable (with everything reached through it), a field of an instance
// (the first field after the last pointer on the ref's path: the state of
// the innermost instance), or a function annotated //gatevet:guardedby.
// The entries of a map held in a field are a resource of their own:
// m[k] = v and delete write them, not the field, and copying the
// field's map reference does not race with them.
type Resource struct {
	Key      string       // "g:pkg.name", or "pkg.T.f" for fields and methods; "pkg.T.f[]" for a map's entries
	Obj      types.Object // the variable, field or function
	Global   bool         // process-wide: rooted at a package-level variable
	Instance naming.Ref   // fields and methods: the instance they belong to
	Entries  bool         // the entries of the map field Obj
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
	instance := func(n int) naming.Ref {
		return naming.Ref{Root: r.Root, Index: r.Index, Name: r.Name, Path: r.Path[:n]}
	}
	for s := range r.Steps(t) {
		switch {
		case s.To == nil, s.Hidden:
			// Not followed; or a field that code of its struct's
			// package could not select (unexported, of an unnamed
			// struct).
			return Resource{}, false
		case s.Obj == nil:
			// Only a pointer's target, or an element, is an instance of
			// its own.
			if r.Path[s.I] == naming.Deref && !s.Ptr {
				if _, isMap := s.From.Underlying().(*types.Map); isMap && res.Obj != nil && s.I == len(r.Path)-1 {
					res.Key, res.Entries = res.Key+"[]", true
					return res, true
				}
				return Resource{}, false
			}
			res.Obj = nil
		case isMethod(s.Obj):
			return Resource{Key: s.Key, Obj: s.Obj, Instance: instance(s.I)}, true
		default:
			switch {
			case s.Ptr || res.Obj == nil:
				inst = s.I
				fallthrough
			case embeddedStruct(res.Obj):
				res = Resource{Key: s.Key, Obj: s.Obj, Instance: instance(inst)}
			}
		}
	}
	return res, res.Obj != nil && res.Key != ""
}

func isMethod(obj types.Object) bool {
	_, ok := obj.(*types.Func)
	return ok
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
