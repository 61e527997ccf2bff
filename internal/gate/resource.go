package gate

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Resources are what gates protect: the package-level variables and the
// fields of instances that critical sections use. The model records each
// use as a Touch; passes decide which gate a resource belongs to.

// selfSynced reports whether values of type t synchronise themselves, so
// that using one is never a use of a resource: sync and sync/atomic
// types, channels, gates, and standard-library values documented as safe
// for concurrent use.
func selfSynced(t types.Type) bool {
	if t == nil {
		return false
	}
	for {
		p, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	switch t.Underlying().(type) {
	case *types.Chan, *types.Signature, *types.Interface:
		// Channels synchronise; funcs and interfaces are used through
		// calls whose bodies are not known here.
		return true
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	path, name := n.Obj().Pkg().Path(), n.Obj().Name()
	switch path {
	case "sync", "sync/atomic", "expvar", "context":
		return true
	}
	return safeStd[path+"."+name]
}

// safeStd are standard-library types documented as safe for concurrent
// use by multiple goroutines.
var safeStd = map[string]bool{
	"log.Logger":                           true,
	"log/slog.Logger":                      true,
	"net/http.Client":                      true,
	"net/http.Transport":                   true,
	"net/http.ServeMux":                    true,
	"database/sql.DB":                      true,
	"database/sql.Stmt":                    true,
	"regexp.Regexp":                        true,
	"text/template.Template":               true,
	"html/template.Template":               true,
	"os.File":                              true,
	"golang.org/x/sync/semaphore.Weighted": true,
}

// rootType returns the type of the value a ref's root names in fn: a
// parameter's or free variable's type, or a pointer to a package-level
// variable, as go/ssa types an ssa.Global.
func rootType(fn *ssa.Function, r Ref) types.Type {
	switch r.Root {
	case Param:
		if r.Index < len(fn.Params) {
			return fn.Params[r.Index].Type()
		}
	case FreeVar:
		if r.Index < len(fn.FreeVars) {
			return fn.FreeVars[r.Index].Type()
		}
	case Global:
		if obj := lookupGlobal(fn, r); obj != nil {
			return types.NewPointer(obj.Type())
		}
	}
	return nil
}

// A Resource is what a touch uses, as passes group uses: a package-level
// variable (with everything reached through it), a field of an instance
// (the first field after the last pointer on the ref's path: the state of
// the innermost instance), or a function annotated //gatevet:guardedby.
type Resource struct {
	Key      string       // "g:pkg.name", or "pkg.T.f" for fields and methods
	Obj      types.Object // the variable, field or function
	Global   bool         // process-wide: rooted at a package-level variable
	Instance Ref          // fields and methods: the instance they belong to
}

// ResourceOf names the resource that ref r, in fn's terms, uses. ok is
// false when r reaches no named field or variable, or the types cannot
// be followed (type parameters).
func ResourceOf(fn *ssa.Function, r Ref) (res Resource, ok bool) {
	if r.Root == Global {
		return globalResource(fn, r)
	}
	t := rootType(fn, r)
	if t == nil {
		return Resource{}, false
	}
	for i, step := range r.Path {
		if step == Deref {
			p, isPtr := t.Underlying().(*types.Pointer)
			if !isPtr {
				return Resource{}, false
			}
			t, res.Obj = p.Elem(), nil
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
			if start || res.Obj == nil {
				res = Resource{Key: memberKey(t, obj), Obj: obj, Instance: Ref{Root: r.Root, Index: r.Index, Name: r.Name, Path: r.Path[:i]}}
			}
			t = obj.Type()
		case *types.Func:
			return Resource{Key: memberKey(t, obj), Obj: obj, Instance: Ref{Root: r.Root, Index: r.Index, Name: r.Name, Path: r.Path[:i]}}, true
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
func globalResource(fn *ssa.Function, r Ref) (Resource, bool) {
	obj := lookupGlobal(fn, r)
	if obj == nil {
		return Resource{}, false
	}
	return Resource{Key: "g:" + r.Pkg + "." + r.Name, Obj: obj, Global: true}, true
}

// lookupGlobal finds the package-level variable or function a Global
// ref names, in fn's package or one it imports.
func lookupGlobal(fn *ssa.Function, r Ref) types.Object {
	if fn.Pkg == nil {
		return nil
	}
	pkg := fn.Pkg.Pkg
	if pkg.Path() != r.Pkg {
		pkg = nil
		for _, imp := range fn.Pkg.Pkg.Imports() {
			if imp.Path() == r.Pkg {
				pkg = imp
			}
		}
	}
	if pkg == nil {
		return nil
	}
	switch obj := pkg.Scope().Lookup(strings.TrimSuffix(r.Name, "()")).(type) {
	case *types.Var:
		return obj
	case *types.Func:
		return obj
	}
	return nil
}
