package values

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Nil results. A result of a package function that every return of it
// gives as nil (return nil, nil; return ids, nil) is nil at every call:
// if err := t.inUse(); err != nil { … } never runs its body when every
// function the call can run returns a nil error. A call runs its static
// callee, or, for an interface call, one of the implementations the
// gate model knows.

// nilResults holds, per function, the results every return gives as
// nil.
type nilResults struct {
	always map[*ssa.Function][]bool
	impls  Implementations
}

// findNilResults reads the nil results of funcs' functions.
func findNilResults(funcs []*ssa.Function, impls Implementations) *nilResults {
	n := &nilResults{always: make(map[*ssa.Function][]bool), impls: impls}
	for _, fn := range funcs {
		res := fn.Signature.Results()
		if res.Len() == 0 || len(fn.Blocks) == 0 {
			continue
		}
		always := make([]bool, res.Len())
		for i := range always {
			always[i] = true
		}
		returns := 0
		for _, b := range fn.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok {
				continue
			}
			returns++
			for i, v := range ret.Results {
				if i < len(always) && !isNilValue(v, 0) {
					always[i] = false
				}
			}
		}
		if returns > 0 {
			n.always[fn] = always
		}
	}
	return n
}

// isNilValue reports whether v is a nil constant, or a phi of them.
func isNilValue(v ssa.Value, depth int) bool {
	switch v := v.(type) {
	case *ssa.Const:
		return v.IsNil()
	case *ssa.Phi:
		if depth > 4 {
			return false
		}
		for _, e := range v.Edges {
			if !isNilValue(e, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// decides returns the value of comparison c when it tests against nil a
// result that every function its call can run gives as nil.
func (n *nilResults) decides(c *ssa.BinOp) (val, ok bool) {
	if n == nil || c.Op != token.EQL && c.Op != token.NEQ {
		return false, false
	}
	x, y := c.X, c.Y
	if !isNilValue(y, 0) {
		x, y = y, x
	}
	if !isNilValue(y, 0) {
		return false, false
	}
	var call *ssa.Call
	index := 0
	switch x := x.(type) {
	case *ssa.Extract:
		call, _ = x.Tuple.(*ssa.Call)
		index = x.Index
	case *ssa.Call:
		call = x
	}
	if call == nil {
		return false, false
	}
	targets := callTargets(&call.Call, n.impls)
	if len(targets) == 0 {
		return false, false
	}
	for _, t := range targets {
		always := n.always[t.fn]
		if index >= len(always) || !always[index] {
			return false, false
		}
	}
	return c.Op == token.EQL, true
}
