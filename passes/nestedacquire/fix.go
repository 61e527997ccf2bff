package nestedacquire

import (
	"go/ast"
	"go/types"
	"unicode"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
)

// lockedVariant offers the mechanical fix for a call that acquires a
// held gate: call the callee's xxxLocked variant instead, when one with
// the same signature exists beside it (Get and getLocked or GetLocked).
func lockedVariant(pass *analysis.Pass, ap gate.AcquirePoint) []analysis.SuggestedFix {
	call, ok := ap.Instr.(*ssa.Call)
	if !ok {
		return nil
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Origin() != nil {
		return nil
	}
	fn, ok := callee.Object().(*types.Func)
	if !ok || fn.Pkg() != pass.Pkg {
		return nil
	}
	variant := findVariant(fn)
	if variant == nil {
		return nil
	}
	id := calleeIdent(pass, ap)
	if id == nil || id.Name != fn.Name() {
		return nil
	}
	return []analysis.SuggestedFix{{
		Message: "call " + variant.Name() + ", which expects the gate held",
		TextEdits: []analysis.TextEdit{{
			Pos: id.Pos(), End: id.End(), NewText: []byte(variant.Name()),
		}},
	}}
}

// findVariant looks for fn's Locked twin, a method of the same receiver
// or a function of the same package, with an identical signature.
func findVariant(fn *types.Func) *types.Func {
	sig := fn.Type().(*types.Signature)
	for _, name := range []string{fn.Name() + "Locked", lowerFirst(fn.Name()) + "Locked"} {
		var obj types.Object
		if recv := sig.Recv(); recv != nil {
			obj, _, _ = types.LookupFieldOrMethod(recv.Type(), true, fn.Pkg(), name)
		} else {
			obj = fn.Pkg().Scope().Lookup(name)
		}
		v, ok := obj.(*types.Func)
		if !ok || v == fn {
			continue
		}
		vs := v.Type().(*types.Signature)
		if types.Identical(types.NewSignatureType(nil, nil, nil, sig.Params(), sig.Results(), sig.Variadic()),
			types.NewSignatureType(nil, nil, nil, vs.Params(), vs.Results(), vs.Variadic())) {
			return v
		}
	}
	return nil
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToLower(r[0])
	return string(r)
}

// calleeIdent finds the identifier naming the callee in the call at ap.
func calleeIdent(pass *analysis.Pass, ap gate.AcquirePoint) *ast.Ident {
	for _, f := range pass.Files {
		if f.FileStart > ap.Pos || ap.Pos > f.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, ap.Pos, ap.End)
		for _, n := range path {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				continue
			}
			switch fun := ast.Unparen(call.Fun).(type) {
			case *ast.Ident:
				return fun
			case *ast.SelectorExpr:
				return fun.Sel
			}
			return nil
		}
	}
	return nil
}
