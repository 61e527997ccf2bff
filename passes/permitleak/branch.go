package permitleak

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/source"
)

// maxCondition bounds the source text of a condition a message quotes.
const maxCondition = 60

// branchOf says when the return at ret runs: the condition of the
// innermost if, after the acquire at acq and in the same function, whose
// body ("when err != nil") or else branch ("unless ok") holds it. False
// when a switch or select case, or a loop, decides it first, when the
// if is an else-if (its condition alone is not when it runs), when no
// such if holds it, or when its condition is too long to quote.
func branchOf(pass *analysis.Pass, ret, acq token.Pos) (string, bool) {
	_, path := source.PathTo(pass, ret)
	for i, n := range path {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.FuncDecl, *ast.CaseClause, *ast.CommClause, *ast.ForStmt, *ast.RangeStmt:
			return "", false // another function, or a case or a loop decides it
		case *ast.IfStmt:
			if n.Pos() <= acq || i == 0 {
				return "", false
			}
			if i+1 < len(path) {
				if outer, ok := path[i+1].(*ast.IfStmt); ok && outer.Else == n {
					return "", false
				}
			}
			text := types.ExprString(n.Cond)
			if len(text) > maxCondition {
				return "", false
			}
			switch path[i-1] {
			case n.Body:
				return "when " + text, true
			case n.Else:
				return "unless " + text, true
			}
			// The return is in the if's init or condition: no branch.
			return "", false
		}
	}
	return "", false
}
