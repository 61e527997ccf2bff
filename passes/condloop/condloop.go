package condloop

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/condwait"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatepass"
	"github.com/gatevet/gatevet/internal/source"
)

// doc is the source of doc.go, whose package doc comment holds the
// analyzer's documentation.
//
//go:embed doc.go
var doc string

// Analyzer is the condloop pass.
var Analyzer = gatepass.New("condloop", doc, run)

func run(pass *analysis.Pass, res *gate.Result, rep *directive.Reporter) {
	for _, fi := range res.Funcs {
		for _, w := range condwait.BareWaits(fi) {
			rep.Latent(diagnose(pass, w)) // needs another waiter, or a signal for something else
		}
	}
}

func diagnose(pass *analysis.Pass, w condwait.BareWait) analysis.Diagnostic {
	cond := "the Cond"
	var test string
	stmt, ok := source.Enclosing[*ast.IfStmt](pass, w.Call.Pos())
	if call, isCall := source.CallAt(pass, w.Call.Pos()); isCall {
		if sel, isSel := call.Fun.(*ast.SelectorExpr); isSel {
			cond = types.ExprString(sel.X)
		}
	}
	if ok {
		test = types.ExprString(stmt.Cond)
		if !within(stmt.Body, w.Call.Pos()) {
			test = "!(" + test + ")" // the Wait is in the else branch
		}
	}
	d := analysis.Diagnostic{
		Pos: w.Call.Pos(), End: w.Call.Pos(),
		Message: fmt.Sprintf("%s.Wait() runs once, under an if: Wait returns when another goroutine signals, not when the condition holds, "+
			"and the code after it goes on unchecked when another waiter got there first or the signal was for something else; re-check in a loop: for %s { %s.Wait() }", cond, orElse(test, "!condition"), cond),
		Related: []analysis.RelatedInformation{{Pos: testPos(w, stmt), Message: "the test that decides the Wait, checked once"}},
	}
	if ok && stmt.Init == nil && stmt.Else == nil && directlyIn(stmt, w.Call.Pos()) {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "re-check the condition in a loop",
			TextEdits: []analysis.TextEdit{{Pos: stmt.If, End: stmt.If + 2, NewText: []byte("for")}},
		}}
	}
	return d
}

// testPos returns where the test that decides w is written. The model's
// ssa.If has no position: take the test of the if statement around the
// Wait, which the message quotes; else the If's condition when computed
// in the If's block (a case of a switch; a parameter or a value from
// elsewhere would point away from the test, a phi has no position); else
// the Wait.
func testPos(w condwait.BareWait, stmt *ast.IfStmt) token.Pos {
	if stmt != nil {
		return stmt.Cond.Pos()
	}
	if c, ok := w.If.Cond.(ssa.Instruction); ok && c.Block() == w.If.Block() && w.If.Cond.Pos().IsValid() {
		return w.If.Cond.Pos()
	}
	return w.Call.Pos()
}

func within(n ast.Node, pos token.Pos) bool { return n.Pos() <= pos && pos < n.End() }

// directlyIn reports whether the statement holding pos is one of the if
// body's own statements: turning the if into a for then loops exactly
// around the Wait's test.
func directlyIn(stmt *ast.IfStmt, pos token.Pos) bool {
	for _, s := range stmt.Body.List {
		if within(s, pos) {
			_, isExpr := s.(*ast.ExprStmt)
			return isExpr
		}
	}
	return false
}

func orElse(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}
