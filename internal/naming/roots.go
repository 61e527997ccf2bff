package naming

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// RootType returns the type of the value a ref's root names in fn: a
// parameter's or free variable's type, or a pointer to a package-level
// variable, as go/ssa types an ssa.Global.
func RootType(fn *ssa.Function, r Ref) types.Type {
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
