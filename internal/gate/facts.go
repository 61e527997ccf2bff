package gate

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Facts about functions are exported only for the functions other
// packages can call, and imported only for other packages' functions
// (ImportFuncFact): the model and its sub-models share these two rules,
// and carry the facts in books (book.go).

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
