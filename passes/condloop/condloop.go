// Package condloop reports a sync.Cond.Wait that an if decides once and
// nothing re-checks.
//
// Wait returns when another goroutine calls Signal or Broadcast, not when
// the condition the waiter wants holds: a Broadcast wakes every waiter
// and the first to take the lock may consume what the others wait for, a
// Signal can be sent for another reason, and the state can change again
// between the wake-up and the waiter getting the lock. The sync package's
// documentation asks for the condition to be re-checked in a loop. The
// gate model lists each function's bare waits: a Wait below an if that
// decides it, after which no path runs that test again. A Wait with no
// test before it (wait for the next signal, whatever it says) is left
// alone.
package condloop

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/source"
)

// Analyzer is the condloop pass.
var Analyzer = &analysis.Analyzer{
	Name:     "condloop",
	Doc:      doc,
	URL:      "https://github.com/gatevet/gatevet/blob/main/docs/analyzers/condloop.md",
	Requires: []*analysis.Analyzer{gate.Analyzer},
	Run:      run,
}

const doc = `report sync.Cond.Wait decided by an if instead of a loop

Wait returns when another goroutine signals or broadcasts, not when the
condition holds: another waiter may take the item first, a Signal may be
meant for something else, the state may change again before the waiter
gets the lock. Code after if !ready { c.Wait() } then runs on a condition
that is false.

Reported: a Wait below an if that decides it, when no path from the Wait
runs that test again.

Not reported: a Wait in a loop that re-checks (for !ready { c.Wait() },
or a for { if ready { break }; c.Wait() }); a Wait with no test before
it, which waits for the next signal whatever it says.

Fix: turn the if into a for. A suggested fix does it when the if has no
init statement and no else.

Bad:

	q.mu.Lock()
	if len(q.items) == 0 {
		q.cond.Wait() // reported
	}
	item := q.items[0] // may panic: another waiter took it

Good:

	for len(q.items) == 0 {
		q.cond.Wait()
	}

Suppress one report with //gatevet:ignore condloop reason on its line or
the line above (under golangci-lint, //nolint:gatevet works too).`

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[gate.Analyzer].(*gate.Result)
	rep := directive.NewReporter(pass, res.Directives)
	for _, fi := range res.Funcs {
		for _, w := range fi.BareWaits() {
			rep.Report(diagnose(pass, w))
		}
	}
	rep.Finish()
	return nil, nil
}

func diagnose(pass *analysis.Pass, w gate.BareWait) analysis.Diagnostic {
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
			"and the code after it goes on unchecked; re-check in a loop: for %s { %s.Wait() }", cond, orElse(test, "!condition"), cond),
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
func testPos(w gate.BareWait, stmt *ast.IfStmt) token.Pos {
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
