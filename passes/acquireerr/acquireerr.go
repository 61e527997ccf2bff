package acquireerr

import (
	_ "embed"
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatepass"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/source"
)

// doc is the source of doc.go, whose package doc comment holds the
// analyzer's documentation.
//
//go:embed doc.go
var doc string

// Analyzer is the acquireerr pass.
var Analyzer = gatepass.New("acquireerr", doc, run)

func run(pass *analysis.Pass, res *gate.Result, rep *directive.Reporter) {
	for _, fi := range res.Funcs {
		events := fi.Events()
		for _, e := range events {
			if e.Op != known.Acquire || !e.Unchecked || e.Via || e.Deferred || e.NeverDone {
				continue
			}
			if rel, ok := releaseAfter(res, fi, events, e); ok {
				// The failure the report is about needs a condition: a
				// context done before a permit is free, a holder that
				// keeps the lock. Latent, with that condition said.
				rep.Latent(diagnose(pass, fi.Fn, e, rel))
			}
		}
	}
}

// releaseAfter finds a release of e's gate that can run after e: in the
// function, or in a function literal it holds (a goroutine, a deferred
// or called closure).
func releaseAfter(res *gate.Result, fi *gate.FuncInfo, events []gate.Event, e gate.Event) (gate.Event, bool) {
	key := e.Gate.Key()
	for _, r := range events {
		if r.Op == known.Release && r.Gate.Key() == key && r.Mode == e.Mode && cfg.After(e.Instr, r.Instr) {
			return r, true
		}
	}
	for _, r := range res.LiteralReleases(fi) {
		if r.Gate.Key() == key && r.Mode == e.Mode {
			return r.Event, true
		}
	}
	return gate.Event{}, false
}

func diagnose(pass *analysis.Pass, fn *ssa.Function, e, rel gate.Event) analysis.Diagnostic {
	name := e.Gate.Spell(pass.Pkg.Path())
	d := analysis.Diagnostic{Pos: e.Pos, End: e.End}
	relMsg := "released here"
	if e.Blocking {
		d.Message = fmt.Sprintf("the error of %s is dropped: when the context is done before a permit is free "+
			"(with x/sync v0.7.0 and later, done at all), Acquire takes no permit, "+
			"the code runs without it and the Release panics (\"semaphore: released more than held\"); "+
			"check it: if err := %s(…); err != nil { %s }", e.What, e.What, onError(fn))
		relMsg = "released here, held or not"
		d.SuggestedFixes = checkError(pass, fn, e)
	} else {
		d.Message = fmt.Sprintf("the result of %s is dropped: when another holder has %s, the code goes on as if it held it, and the release "+
			"fails; branch on the result: if %s(…) { … }", e.What, name, e.What)
	}
	d.Related = []analysis.RelatedInformation{{Pos: rel.Pos, Message: relMsg}}
	return d
}

// onError says what the check's branch does in fn: return the error
// when fn returns one, return when it returns nothing, and handle it
// otherwise.
func onError(fn *ssa.Function) string {
	res := fn.Signature.Results()
	switch {
	case source.ReturnsError(fn.Signature):
		return "return err"
	case res.Len() == 0:
		return "return"
	}
	return "handle err, without the permit"
}

// checkError turns the statement that drops Acquire's error into an if
// that returns it, when the function returns an error.
func checkError(pass *analysis.Pass, fn *ssa.Function, e gate.Event) []analysis.SuggestedFix {
	ret, ok := source.ErrorReturn(pass, fn.Signature, "err")
	if !ok {
		return nil
	}
	call, ok := source.CallAt(pass, e.Pos)
	if !ok {
		return nil
	}
	_, path := source.PathTo(pass, call.Pos())
	var stmt ast.Stmt
	for _, n := range path {
		if s, ok := n.(ast.Stmt); ok {
			stmt = s
			break
		}
	}
	switch s := stmt.(type) {
	case *ast.ExprStmt:
	case *ast.AssignStmt: // _ = sem.Acquire(ctx, n)
		if len(s.Lhs) != 1 || !isBlank(s.Lhs[0]) {
			return nil
		}
	default:
		return nil
	}
	text, ok := source.Text(pass, call)
	if !ok {
		return nil
	}
	indent := source.Indent(pass, stmt.Pos())
	repl := "if err := " + text + "; err != nil {\n" + indent + "\t" + ret + "\n" + indent + "}"
	return []analysis.SuggestedFix{{
		Message:   "return the error of " + e.What,
		TextEdits: []analysis.TextEdit{{Pos: stmt.Pos(), End: stmt.End(), NewText: []byte(repl)}},
	}}
}

func isBlank(x ast.Expr) bool {
	id, ok := x.(*ast.Ident)
	return ok && id.Name == "_"
}
