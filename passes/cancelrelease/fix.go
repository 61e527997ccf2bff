package cancelrelease

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/source"
)

// moveRelease offers the mechanical fix: when the gate's release is a
// deferred method call (defer sem.Release(1), defer mu.Unlock()) and the
// goroutine is a function literal started in the same block, so that
// every path that defers the release also starts the goroutine, move the
// defer into the goroutine: the gate is released when the work is done.
//
// It is offered for permits only, and only when nothing but returning
// follows the select: code after the wait that still needs the gate (a
// mutex's state, more work on the device) would lose it.
func moveRelease(pass *analysis.Pass, s gate.Start, h *gate.Holding, sel *ssa.Select) []analysis.SuggestedFix {
	g, ok := s.Instr.(*ssa.Go)
	if !ok || !h.Kind.Counting() || !onlyReturns(sel) {
		return nil
	}
	lit := literalAt(pass, g.Pos())
	if lit == nil {
		return nil
	}
	gateName := h.Gate.Spell(pass.Pkg.Path())
	for _, instr := range g.Block().Instrs {
		if instr == g {
			break
		}
		d, ok := instr.(*ssa.Defer)
		if !ok {
			continue
		}
		stmt := deferAt(pass, d.Pos())
		if stmt == nil || !releases(stmt.Call, gateName) {
			continue
		}
		file := pass.Fset.File(stmt.Pos())
		start := file.LineStart(file.Line(stmt.Pos()))
		end := stmt.End()
		if next := file.Line(stmt.End()) + 1; next <= file.LineCount() {
			end = file.LineStart(next)
		}
		return []analysis.SuggestedFix{{
			Message: "release " + gateName + " in the goroutine, when the work is done",
			TextEdits: []analysis.TextEdit{
				{Pos: start, End: end},
				{Pos: lit.Body.Lbrace + 1, End: lit.Body.Lbrace + 1, NewText: []byte(" defer " + types.ExprString(stmt.Call) + ";")},
			},
		}}
	}
	return nil
}

// onlyReturns reports whether the paths after sel only return: no calls
// but ctx.Err().
func onlyReturns(sel *ssa.Select) bool {
	ok := true
	cfg.Forward(sel.Block().Succs, func(b *ssa.BasicBlock) bool {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Call:
				if !in.Call.IsInvoke() || in.Call.Method.Name() != "Err" || !known.IsContext(in.Call.Value.Type()) {
					ok = false
				}
			case *ssa.Go, *ssa.Defer, *ssa.Send, *ssa.Select:
				ok = false
			}
		}
		return ok
	})
	return ok
}

// releases reports whether call is Release(...), gate.Unlock() or
// gate.RUnlock().
func releases(call *ast.CallExpr, gateName string) bool {
	fun := types.ExprString(call.Fun)
	for _, m := range []string{".Release", ".Unlock", ".RUnlock"} {
		if fun == gateName+m {
			return true
		}
	}
	return false
}

// literalAt finds the function literal a go statement at pos starts.
func literalAt(pass *analysis.Pass, pos token.Pos) *ast.FuncLit {
	if g, ok := source.Enclosing[*ast.GoStmt](pass, pos); ok {
		lit, _ := ast.Unparen(g.Call.Fun).(*ast.FuncLit)
		return lit
	}
	return nil
}

// deferAt finds the defer statement at pos.
func deferAt(pass *analysis.Pass, pos token.Pos) *ast.DeferStmt {
	d, _ := source.Enclosing[*ast.DeferStmt](pass, pos)
	return d
}
