package gate

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// SelfSynced reports whether values of type t synchronise themselves, so
// that using one is never a use of a resource: sync and sync/atomic
// types, channels, gates, and standard-library values documented as safe
// for concurrent use.
func SelfSynced(t types.Type) bool {
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
		if obj := LookupGlobal(fn, r); obj != nil {
			return types.NewPointer(obj.Type())
		}
	}
	return nil
}

// LookupGlobal finds the package-level variable or function a Global
// ref names, in fn's package or one it imports.
func LookupGlobal(fn *ssa.Function, r Ref) types.Object {
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
