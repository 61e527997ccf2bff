package values

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
)

// Nil results. A result of a package function that every return of it
// gives as nil (return nil, nil; return ids, nil) is nil at every call:
// if err := t.inUse(); err != nil { … } never runs its body when every
// function the call can run returns a nil error. A call runs its static
// callee, or, for an interface call, one of the implementations the
// gate model knows.
//
// Constant results. A result that every return the build can reach
// gives as one constant is that constant at every call: a function
// that switches on runtime.GOOS returns one platform in the build being
// analysed, and if currentPlatform() == platformAndroid { … } never
// runs its body on Linux. The build's constants decide its own
// branches: a switch on a constant tests constants against each other
// (foldConsts), which go/ssa does not fold.

// nilResults holds, per function, the results every return gives as
// nil, and the results every return the build reaches gives as one
// constant.
type nilResults struct {
	always map[*ssa.Function][]bool
	consts map[*ssa.Function][]*ssa.Const
	impls  Implementations
}

// findNilResults reads the nil and constant results of funcs'
// functions.
func findNilResults(funcs []*ssa.Function, impls Implementations) *nilResults {
	n := &nilResults{always: make(map[*ssa.Function][]bool), consts: make(map[*ssa.Function][]*ssa.Const), impls: impls}
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
		if consts := constResults(fn); consts != nil {
			n.consts[fn] = consts
		}
	}
	return n
}

// constResults returns, by result, the constant every return of fn
// that the build's constants leave reachable gives (nil where they
// differ or one is no constant); nil when no result is one.
func constResults(fn *ssa.Function) []*ssa.Const {
	out := make([]*ssa.Const, fn.Signature.Results().Len())
	seen := make([]bool, len(out))
	cfg.ForwardKnowing(fn.Blocks[:1], constConds(fn), func(b *ssa.BasicBlock) bool {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			return true
		}
		for i, v := range ret.Results {
			k, ok := v.(*ssa.Const)
			switch {
			case i >= len(out):
			case !ok || k.Value == nil:
				out[i], seen[i] = nil, true
			case !seen[i]:
				out[i], seen[i] = k, true
			case out[i] != nil && !sameConst(out[i], k):
				out[i] = nil
			}
		}
		return true
	})
	for _, k := range out {
		if k != nil {
			return out
		}
	}
	return nil
}

// constConds returns the conditions of fn's Ifs that the build's
// constants decide: a constant bool, or a comparison of two constants.
func constConds(fn *ssa.Function) map[ssa.Value]bool {
	known := make(map[ssa.Value]bool)
	for _, b := range fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		switch c := ifi.Cond.(type) {
		case *ssa.Const:
			if c.Value != nil && c.Value.Kind() == constant.Bool {
				known[c] = constant.BoolVal(c.Value)
			}
		case *ssa.BinOp:
			if v, ok := foldConsts(c); ok {
				known[c] = v
			}
		}
	}
	return known
}

// foldConsts returns the value of comparison c of two constants of one
// kind ("linux" == "windows", a switch on a constant tag).
func foldConsts(c *ssa.BinOp) (val, ok bool) {
	x, okx := c.X.(*ssa.Const)
	y, oky := c.Y.(*ssa.Const)
	if !okx || !oky || x.Value == nil || y.Value == nil || x.Value.Kind() != y.Value.Kind() {
		return false, false
	}
	switch c.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return constant.Compare(x.Value, c.Op, y.Value), true
	}
	return false, false
}

// sameConst reports whether a and b are the same constant.
func sameConst(a, b *ssa.Const) bool {
	return a.Value.Kind() == b.Value.Kind() && constant.Compare(a.Value, token.EQL, b.Value)
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
	call, index := resultOf(x)
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

// constDecides returns the value of comparison c when it compares with
// a constant a result that the function a static call runs gives as
// one constant.
func (n *nilResults) constDecides(c *ssa.BinOp) (val, ok bool) {
	if n == nil {
		return false, false
	}
	switch c.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return false, false
	}
	x, y, op := c.X, c.Y, c.Op
	k, isConst := y.(*ssa.Const)
	if !isConst {
		if k, isConst = x.(*ssa.Const); !isConst {
			return false, false
		}
		x, op = y, Mirror(op)
	}
	if k.Value == nil {
		return false, false
	}
	call, index := resultOf(x)
	if call == nil || call.Call.IsInvoke() {
		// An interface's implementations may return other constants: a
		// type elsewhere can embed the interface and override an
		// exported method, even when it has an unexported one.
		return false, false
	}
	targets := callTargets(&call.Call, n.impls)
	if len(targets) != 1 {
		return false, false
	}
	consts := n.consts[targets[0].fn]
	if index >= len(consts) || consts[index] == nil || consts[index].Value.Kind() != k.Value.Kind() {
		return false, false
	}
	return constant.Compare(consts[index].Value, op, k.Value), true
}

// resultOf returns the call whose result x is, and the result's index:
// the call itself, or an Extract of its tuple; nil for another value.
func resultOf(x ssa.Value) (*ssa.Call, int) {
	switch x := x.(type) {
	case *ssa.Extract:
		call, _ := x.Tuple.(*ssa.Call)
		return call, x.Index
	case *ssa.Call:
		return x, 0
	}
	return nil, 0
}
