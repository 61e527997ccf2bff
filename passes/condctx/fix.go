package condctx

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
)

// wakeOnCancel offers the seed's fix when it is mechanical: the context
// is a parameter, the function returns an error last, and the Wait is a
// statement of a for loop. It registers context.AfterFunc, which wakes
// the waiters under the Cond's lock, before the loop, and checks the
// context after the Wait.
func wakeOnCancel(pass *analysis.Pass, fn *ssa.Function, w gate.CondWait) []analysis.SuggestedFix {
	ctx := ctxParam(fn)
	res := fn.Signature.Results()
	if ctx == "" || res.Len() == 0 || !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return nil
	}
	file, path := pathTo(pass, w.Call.Pos())
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
	var zeros []string
	qual := types.RelativeTo(pass.Pkg)
	for i := 0; i < res.Len()-1; i++ {
		z, ok := zero(res.At(i).Type(), qual)
		if !ok {
			return nil
		}
		zeros = append(zeros, z)
	}
	cond := types.ExprString(sel.X)
	tf := pass.Fset.File(loop.Pos())
	indent := indentOf(pass, tf, loop.Pos())
	inner := indentOf(pass, tf, stmt.Pos())
	before := "stopWake := context.AfterFunc(" + ctx + ", func() {\n" +
		indent + "\t" + cond + ".L.Lock()\n" +
		indent + "\tdefer " + cond + ".L.Unlock()\n" +
		indent + "\t" + cond + ".Broadcast()\n" +
		indent + "})\n" +
		indent + "defer stopWake()\n" + indent
	after := "\n" + inner + "if err := " + ctx + ".Err(); err != nil {\n" +
		inner + "\treturn " + strings.Join(append(zeros, "err"), ", ") + "\n" +
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
		if gate.IsContext(p.Type()) && p.Name() != "_" {
			return p.Name()
		}
	}
	return ""
}

func pathTo(pass *analysis.Pass, pos token.Pos) (*ast.File, []ast.Node) {
	for _, f := range pass.Files {
		if f.Pos() <= pos && pos < f.End() {
			path, _ := astutil.PathEnclosingInterval(f, pos, pos)
			return f, path
		}
	}
	return nil, nil
}

func importsContext(f *ast.File) bool {
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "context" && imp.Name == nil {
			return true
		}
	}
	return false
}

// indentOf returns the whitespace that starts pos's line.
func indentOf(pass *analysis.Pass, tf *token.File, pos token.Pos) string {
	start := tf.LineStart(tf.Line(pos))
	src, err := pass.ReadFile(tf.Name())
	if err != nil {
		return "\t"
	}
	line := src[tf.Offset(start):tf.Offset(pos)]
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' {
			return r
		}
		return -1
	}, string(line))
}

// zero spells the zero value of t.
func zero(t types.Type, qual types.Qualifier) (string, bool) {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false", true
		case u.Info()&types.IsNumeric != 0:
			return "0", true
		case u.Info()&types.IsString != 0:
			return `""`, true
		case u.Kind() == types.UnsafePointer:
			return "nil", true
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature:
		return "nil", true
	case *types.Interface:
		if _, isParam := t.(*types.TypeParam); isParam {
			return "*new(" + types.TypeString(t, qual) + ")", true
		}
		return "nil", true
	case *types.Struct, *types.Array:
		return types.TypeString(t, qual) + "{}", true
	}
	return "", false
}
