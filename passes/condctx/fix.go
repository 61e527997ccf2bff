package condctx

import (
	"go/ast"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/condwait"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/source"
)

// wakeOnCancel offers the seed's fix when it is mechanical: the context
// is a parameter, the function returns an error last, and the Wait is a
// statement of a for loop. It registers context.AfterFunc, which wakes
// the waiters under the Cond's lock, before the loop, and checks the
// context after the Wait.
func wakeOnCancel(pass *analysis.Pass, fn *ssa.Function, w condwait.Wait) []analysis.SuggestedFix {
	ctx := ctxParam(fn)
	ret, ok := source.ErrorReturn(pass, fn.Signature, "err")
	if ctx == "" || !ok {
		return nil
	}
	file, path := source.PathTo(pass, w.Call.Pos())
	if file == nil || !importsContext(file) {
		return nil
	}
	var stmt *ast.ExprStmt
	var loop *ast.ForStmt
	for _, n := range path {
		switch n := n.(type) {
		case *ast.ExprStmt:
			if stmt == nil {
				stmt = n
			}
		case *ast.ForStmt:
			if loop == nil {
				loop = n
			}
		case *ast.FuncLit:
			return nil
		}
	}
	call, _ := stmtCall(stmt)
	if loop == nil || call == nil {
		return nil
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	cond := types.ExprString(sel.X)
	tf := pass.Fset.File(loop.Pos())
	indent := source.Indent(pass, loop.Pos())
	inner := source.Indent(pass, stmt.Pos())
	before := "stopWake := context.AfterFunc(" + ctx + ", func() {\n" +
		indent + "\t" + cond + ".L.Lock()\n" +
		indent + "\tdefer " + cond + ".L.Unlock()\n" +
		indent + "\t" + cond + ".Broadcast()\n" +
		indent + "})\n" +
		indent + "defer stopWake()\n" + indent
	after := "\n" + inner + "if err := " + ctx + ".Err(); err != nil {\n" +
		inner + "\t" + ret + "\n" +
		inner + "}"
	// After the Wait's line, so that a comment trailing it stays there.
	eol := stmt.End()
	if next := tf.Line(stmt.End()) + 1; next <= tf.LineCount() {
		eol = tf.LineStart(next) - 1
	}
	return []analysis.SuggestedFix{{
		Message: "wake the waiters with context.AfterFunc and check " + ctx + ".Err() after Wait",
		TextEdits: []analysis.TextEdit{
			{Pos: loop.Pos(), End: loop.Pos(), NewText: []byte(before)},
			{Pos: eol, End: eol, NewText: []byte(after)},
		},
	}}
}

func stmtCall(s *ast.ExprStmt) (*ast.CallExpr, bool) {
	if s == nil {
		return nil, false
	}
	c, ok := s.X.(*ast.CallExpr)
	return c, ok
}

// ctxParam returns the name of fn's context parameter, or "".
func ctxParam(fn *ssa.Function) string {
	for _, p := range fn.Params {
		if known.IsContext(p.Type()) && p.Name() != "_" {
			return p.Name()
		}
	}
	return ""
}

func importsContext(f *ast.File) bool {
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "context" && imp.Name == nil {
			return true
		}
	}
	return false
}
