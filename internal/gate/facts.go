package gate

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Facts about functions are exported only for the functions other
// packages can call, and imported only for other packages' functions:
// the model and its sub-models share these two rules.

// ExportedFunc returns fn's object when other packages can call it: a
// named, exported function or method of pass's package. The summaries of
// unexported helpers reach other packages inside their callers'.
func ExportedFunc(pass *analysis.Pass, fn *ssa.Function) (*types.Func, bool) {
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Parent() != nil || obj.Pkg() != pass.Pkg || !obj.Exported() {
		return nil, false
	}
	return obj, true
}

// ImportFuncFact imports into f the fact of fn (its generic origin), a
// function of another package; false for pass's own functions and for
// functions without such a fact.
func ImportFuncFact(pass *analysis.Pass, fn *ssa.Function, f analysis.Fact) bool {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Pkg() == pass.Pkg {
		return false
	}
	if !pass.ImportObjectFact(obj, f) {
		return false
	}
	if l, ok := f.(LazyFact); ok && l.Load() != nil {
		return false // a fact that cannot be read says nothing
	}
	return true
}
