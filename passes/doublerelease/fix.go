package doublerelease

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/source"
)

// dropFirst returns the fix for a deferred release that follows an
// explicit one, when deleting the explicit one changes nothing else: it
// is the only earlier release, a statement of its own right before a
// return of plain values (names, literals), and the function defers
// nothing else, so that the deferred release is all that runs between.
func dropFirst(pass *analysis.Pass, fi *gate.FuncInfo, d *finding) []analysis.SuggestedFix {
	if len(d.firsts) != 1 || defers(fi.Fn) != 1 {
		return nil
	}
	_, path := source.PathTo(pass, d.firsts[0].Pos)
	for i, n := range path {
		stmt, ok := n.(*ast.ExprStmt)
		if !ok {
			continue
		}
		if stmt.X.Pos() != d.firsts[0].Pos || i+1 == len(path) {
			return nil
		}
		var list []ast.Stmt
		switch p := path[i+1].(type) {
		case *ast.BlockStmt:
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		case *ast.CommClause:
			list = p.Body
		}
		for j, s := range list {
			if s == stmt && j+1 < len(list) && plainReturn(list[j+1]) {
				return []analysis.SuggestedFix{{
					Message:   "remove the " + method(d.firsts[0]) + " that the deferred one repeats",
					TextEdits: []analysis.TextEdit{{Pos: stmt.Pos(), End: list[j+1].Pos()}},
				}}
			}
		}
		return nil
	}
	return nil
}

// plainReturn reports whether s is a return whose results are names or
// literals, which evaluate the same with the gate held.
func plainReturn(s ast.Stmt) bool {
	ret, ok := s.(*ast.ReturnStmt)
	if !ok {
		return false
	}
	for _, r := range ret.Results {
		switch r.(type) {
		case *ast.Ident, *ast.BasicLit:
		default:
			return false
		}
	}
	return true
}

// defers counts fn's defer statements.
func defers(fn *ssa.Function) int {
	n := 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.Defer); ok {
				n++
			}
		}
	}
	return n
}
