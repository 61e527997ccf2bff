// Package source holds what the passes need to find the syntax behind an
// SSA position and to spell suggested fixes: the enclosing nodes of a
// position, a line's indentation, and the zero values a return needs.
package source

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

// PathTo returns the file holding pos and the nodes enclosing pos,
// innermost first, or nil when pos is in none of the package's files.
func PathTo(pass *analysis.Pass, pos token.Pos) (*ast.File, []ast.Node) {
	for _, f := range pass.Files {
		if f.Pos() <= pos && pos < f.End() {
			path, _ := astutil.PathEnclosingInterval(f, pos, pos)
			return f, path
		}
	}
	return nil, nil
}

// Enclosing returns the innermost node of type T enclosing pos.
func Enclosing[T ast.Node](pass *analysis.Pass, pos token.Pos) (T, bool) {
	_, path := PathTo(pass, pos)
	for _, n := range path {
		if t, ok := n.(T); ok {
			return t, true
		}
	}
	var none T
	return none, false
}

// Indent returns the whitespace that starts pos's line.
func Indent(pass *analysis.Pass, pos token.Pos) string {
	tf := pass.Fset.File(pos)
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

// ReturnsError reports whether sig's last result is an error.
func ReturnsError(sig *types.Signature) bool {
	res := sig.Results()
	return res.Len() > 0 && types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type())
}

// ErrorReturn spells "return z1, …, err" for a function of signature
// sig whose last result is an error: the zero values of the other
// results, then errExpr. It fails when a zero value cannot be spelled.
func ErrorReturn(pass *analysis.Pass, sig *types.Signature, errExpr string) (string, bool) {
	if !ReturnsError(sig) {
		return "", false
	}
	qual := types.RelativeTo(pass.Pkg)
	res := sig.Results()
	var vals []string
	for i := 0; i < res.Len()-1; i++ {
		z, ok := zero(res.At(i).Type(), qual)
		if !ok {
			return "", false
		}
		vals = append(vals, z)
	}
	return "return " + strings.Join(append(vals, errExpr), ", "), true
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

// Text returns the source text of n.
func Text(pass *analysis.Pass, n ast.Node) (string, bool) {
	tf := pass.Fset.File(n.Pos())
	if tf == nil {
		return "", false
	}
	src, err := pass.ReadFile(tf.Name())
	if err != nil {
		return "", false
	}
	return string(src[tf.Offset(n.Pos()):tf.Offset(n.End())]), true
}

// CallAt returns the call at pos: the innermost call enclosing it, or
// the call of the defer or go statement that starts there.
func CallAt(pass *analysis.Pass, pos token.Pos) (*ast.CallExpr, bool) {
	_, path := PathTo(pass, pos)
	for _, n := range path {
		switch n := n.(type) {
		case *ast.CallExpr:
			return n, true
		case *ast.DeferStmt:
			return n.Call, true
		case *ast.GoStmt:
			return n.Call, true
		}
	}
	return nil, false
}
