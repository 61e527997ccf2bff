package condwait

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
	"github.com/gatevet/gatevet/internal/values"
)

// A join. A Wait loop that waits while a counter is not zero (for
// s.rpcs > 0 { Wait }), in a function that does not count itself in,
// waits for the work counted in to count itself out, as
// sync.WaitGroup's Wait does: it ends when that work does, and whether
// the work ends on cancellation is up to the work, as with a
// WaitGroup. The counter counts work, not items waiting for a consumer,
// when a function of the package counts out of it (f--) and wakes the
// Cond (the leave), and either
//
//   - a function of the package outside its tests counts in (f++, the
//     enter) and defers the leave on the same receiver: begin(); defer
//     end(), the work counting itself in and out; or
//   - the leave adds a signed parameter to the counter (f += delta) and
//     a function of the package outside its tests passes it a negative
//     constant (Done: Add(-1)): a sync.WaitGroup built on a Cond, whose
//     Wait gets sync.WaitGroup's treatment.
//
// A queue's Drain (for q.count != 0 { Wait }) has neither: Push counts
// an item in, Pop, a consumer that may never come, counts it out, and
// no function defers a Pop after its Push. The counter's test must
// decide every Wait of the loop (for a > 0 || b > 0 waits for a too).

// joinsWork reports whether the Wait loop of fi (its blocks loop, its
// Wait call) is a join of work under way.
func (r *Result) joinsWork(fi *gate.FuncInfo, loop map[*ssa.BasicBlock]bool, call *ssa.Call) bool {
	cls, ok := condClass(fi, call.Call.Args[0])
	if !ok {
		return false
	}
	for f := range whileNonZero(loop, call.Block()) {
		if countsInto(fi.Fn, f) {
			continue // the waiter counts itself in: a gate's acquire (cgate.go)
		}
		for _, leave := range r.gates.Funcs {
			if leave.Fn == fi.Fn || r.gates.InTest(leave) || !r.wakesClass(leave, cls) {
				continue
			}
			if r.countsBothWays(leave.Fn, f) {
				return true
			}
			if !counts(leave.Fn, f, -1) {
				continue
			}
			for _, enter := range r.gates.Funcs {
				if enter.Fn != fi.Fn && enter.Fn != leave.Fn && counts(enter.Fn, f, +1) && r.paired(enter.Fn, leave.Fn, true) {
					return true
				}
			}
		}
	}
	return false
}

// whileNonZero returns the integer fields and variables that a test
// leaving loop compares with zero, the loop going on to wait while they
// are not zero (f > 0, f != 0, 0 < f, !(f == 0)), where the test, and
// its branch that stays in the loop, come before the Wait in block wait.
func whileNonZero(loop map[*ssa.BasicBlock]bool, wait *ssa.BasicBlock) map[types.Object]bool {
	out := make(map[types.Object]bool)
	for ifi := range exits(loop) {
		b := ifi.Block()
		if !b.Dominates(wait) {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok {
			continue
		}
		counter, op := cmp.X, cmp.Op
		if isZero(cmp.X) {
			counter, op = cmp.Y, values.Mirror(op)
		} else if !isZero(cmp.Y) {
			continue
		}
		if !stateCounter(counter) {
			continue
		}
		// The true branch is Succs[0].
		stay := b.Succs[0]
		if !loop[stay] {
			stay = b.Succs[1]
			op = negate(op)
		}
		if (op == token.GTR || op == token.NEQ) && stay.Dominates(wait) {
			out[naming.AddrObject(counter.(*ssa.UnOp).X)] = true
		}
	}
	return out
}

// negate returns the comparison that holds when op does not.
func negate(op token.Token) token.Token {
	switch op {
	case token.EQL:
		return token.NEQ
	case token.NEQ:
		return token.EQL
	case token.LSS:
		return token.GEQ
	case token.GEQ:
		return token.LSS
	case token.GTR:
		return token.LEQ
	case token.LEQ:
		return token.GTR
	}
	return op
}

// isZero reports whether v is the integer constant 0.
func isZero(v ssa.Value) bool {
	s, ok := intSign(v)
	return ok && s == 0
}

// intSign returns the sign of v when v is an integer constant.
func intSign(v ssa.Value) (int, bool) {
	k, ok := v.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Sign(k.Value), true
}

// counts reports whether fn counts into f in the direction of sign:
// f++ or f += k for +1, f-- or f -= k for -1, k a positive constant.
func counts(fn *ssa.Function, f types.Object, sign int) bool {
	for _, st := range storesTo(fn, f) {
		op, ok := st.Val.(*ssa.BinOp)
		if !ok || (op.Op != token.ADD && op.Op != token.SUB) || !loadsField(op.X, f) {
			continue
		}
		s, ok := intSign(op.Y)
		if !ok {
			continue
		}
		if op.Op == token.SUB {
			s = -s
		}
		if s == sign {
			return true
		}
	}
	return false
}

// countsBothWays reports whether fn adds a signed integer parameter to f
// (f += delta) and a function of the package outside its tests calls fn
// with a negative constant for it.
func (r *Result) countsBothWays(fn *ssa.Function, f types.Object) bool {
	for _, st := range storesTo(fn, f) {
		op, ok := st.Val.(*ssa.BinOp)
		if !ok || op.Op != token.ADD {
			continue
		}
		delta, other := op.X, op.Y
		if loadsField(delta, f) {
			delta, other = other, delta
		}
		p, ok := delta.(*ssa.Parameter)
		if !ok || !loadsField(other, f) {
			continue
		}
		if b, ok := p.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsUnsigned != 0 || b.Info()&types.IsInteger == 0 {
			continue
		}
		i := slices.Index(fn.Params, p)
		for _, site := range r.gates.CallSites(fn) {
			if caller := r.gates.Info(site.Parent()); caller == nil || r.gates.InTest(caller) {
				continue
			}
			if args := site.Common().Args; i < len(args) {
				if s, ok := intSign(args[i]); ok && s < 0 {
					return true
				}
			}
		}
	}
	return false
}
