package naming

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// syntaxIndex maps the positions go/ssa gives instructions back to the
// source they came from: the whole expression an operation spans, for
// diagnostics, and the variable a call or a map lookup initialises, for
// messages.
type syntaxIndex struct {
	spans map[token.Pos][2]token.Pos // operator position -> expression start, end
	names map[token.Pos]string       // value position (valuePos) -> variable it initialises
	// ranged maps the positions go/ssa gives a range statement's operand
	// to the name of the statement's value variable.
	ranged map[token.Pos]string
	// rangedKey is ranged for the statement's key variable (of a map).
	rangedKey map[token.Pos]string
	// results maps a value's position to the variables its results
	// initialise: g, ctx := errgroup.WithContext(ctx); s, ok := m[k].
	results map[token.Pos][]string
	// indexed maps an index expression's bracket, where go/ssa places
	// the element's address or value, to the expression as code
	// (n.graph.nodes[from]): the name of an element no variable holds.
	indexed map[token.Pos]string
}

// maxIndexedName bounds the code of an index expression a message
// names an element by.
const maxIndexedName = 60

func indexSyntax(fn *ssa.Function) *syntaxIndex {
	ix := &syntaxIndex{spans: make(map[token.Pos][2]token.Pos), names: make(map[token.Pos]string), ranged: make(map[token.Pos]string),
		rangedKey: make(map[token.Pos]string), results: make(map[token.Pos][]string), indexed: make(map[token.Pos]string)}
	syn := fn.Syntax()
	if syn == nil {
		return ix
	}
	ast.Inspect(syn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			ix.spans[n.Lparen] = [2]token.Pos{n.Pos(), n.End()}
		case *ast.SendStmt:
			ix.spans[n.Arrow] = [2]token.Pos{n.Pos(), n.End()}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				ix.spans[n.OpPos] = [2]token.Pos{n.Pos(), n.End()}
			}
		case *ast.AssignStmt:
			ix.nameCalls(n.Lhs, n.Rhs)
		case *ast.IndexExpr:
			if text := types.ExprString(n); len(text) <= maxIndexedName {
				ix.indexed[n.Lbrack] = text
			}
		case *ast.RangeStmt:
			if id, ok := n.Key.(*ast.Ident); ok {
				ix.rangedKey[n.X.Pos()] = id.Name
				ix.rangedKey[n.For] = id.Name
			}
			if id, ok := n.Value.(*ast.Ident); ok {
				ix.ranged[n.X.Pos()] = id.Name
				ix.ranged[n.For] = id.Name
				// go/ssa places an element's address at the operand's
				// value: a field's selector, a literal's brace, a call's
				// parenthesis.
				switch x := ast.Unparen(n.X).(type) {
				case *ast.SelectorExpr:
					ix.ranged[x.Sel.Pos()] = id.Name
				case *ast.CompositeLit:
					ix.ranged[x.Lbrace] = id.Name
				case *ast.CallExpr:
					ix.ranged[x.Lparen] = id.Name
				}
			}
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			ix.nameCalls(lhs, n.Values)
		}
		return true
	})
	return ix
}

func (ix *syntaxIndex) nameCalls(lhs, rhs []ast.Expr) {
	if len(rhs) == 1 && len(lhs) > 1 {
		if pos := valuePos(rhs[0]); pos.IsValid() {
			names := make([]string, len(lhs))
			for i, l := range lhs {
				if id, ok := l.(*ast.Ident); ok {
					names[i] = id.Name
				}
			}
			ix.results[pos] = names
		}
		return
	}
	if len(lhs) != len(rhs) {
		return
	}
	for i, r := range rhs {
		id, ok := lhs[i].(*ast.Ident)
		if !ok {
			continue
		}
		r = ast.Unparen(r)
		if u, isAddr := r.(*ast.UnaryExpr); isAddr && u.Op == token.AND {
			r = ast.Unparen(u.X)
		}
		if lit, ok := r.(*ast.CompositeLit); ok {
			ix.names[lit.Lbrace] = id.Name // p := &pair{}: the allocation
		} else if pos := valuePos(r); pos.IsValid() {
			ix.names[pos] = id.Name
		}
	}
}

// valuePos returns where go/ssa places the value of expression e, for
// the values the Namer names after the variable they initialise: a
// call's parenthesis, a map lookup's bracket; NoPos for other
// expressions.
func valuePos(e ast.Expr) token.Pos {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		return e.Lparen
	case *ast.IndexExpr:
		return e.Lbrack
	}
	return token.NoPos
}

// span returns the source range of the operation go/ssa placed at pos,
// or pos itself when the syntax is not known.
func (ix *syntaxIndex) span(pos token.Pos) (token.Pos, token.Pos) {
	if sp, ok := ix.spans[pos]; ok {
		return sp[0], sp[1]
	}
	return pos, pos
}
