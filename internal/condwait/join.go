package condwait

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
	"github.com/gatevet/gatevet/internal/values"
)

// A join. A Wait loop that waits while a counter is not zero (for
// s.rpcs > 0 { Wait }), in a function that does not count itself in,
// waits for the work counted in to count itself out, as
// sync.WaitGroup's Wait does: it ends when that work does, and the work,
// not the waiter, is what watches a context. The counter is one of
// work, not of items waiting for a consumer, when a function of the
// package that counts out of it also wakes the Cond (the leave) and
// either
//
//   - some function enters and leaves on one receiver (begin(); defer
//     end(): the work counts itself in and out), or
//   - the leave counts both ways by a signed parameter that the package
//     passes a negative constant somewhere (Add(delta), Done: Add(-1)),
//     so its callers pair the two, as sync.WaitGroup's do.
//
// A queue's Drain (for q.count != 0 { Wait }) has neither: Push counts
// an item in, Pop, a consumer that may never come, counts it out.

// joinsWork reports whether the Wait loop of fi (its blocks loop, its
// Wait call) is a join of work under way.
func (r *Result) joinsWork(fi *gate.FuncInfo, loop map[*ssa.BasicBlock]bool, call *ssa.Call) bool {
	cls, ok := condClass(fi, call.Call.Args[0])
	if !ok {
		return false
	}
	for f := range whileNonZero(loop) {
		if countsInto(fi.Fn, f) {
			continue // the waiter counts itself in: a gate's acquire (cgate.go)
		}
		for _, leave := range r.gates.Funcs {
			if leave.Fn == fi.Fn || !countsInto(leave.Fn, f) || !r.wakesClass(leave, cls) {
				continue
			}
			if r.countsBothWays(leave.Fn, f) {
				return true
			}
			for _, enter := range r.gates.Funcs {
				if enter.Fn != fi.Fn && enter.Fn != leave.Fn && countsInto(enter.Fn, f) && r.paired(enter.Fn, leave.Fn) {
					return true
				}
			}
		}
	}
	return false
}

// whileNonZero returns the integer fields and variables that a test
// leaving loop compares with zero, the loop going on while they are not
// zero: f > 0, f != 0, 0 < f, or !(f == 0).
func whileNonZero(loop map[*ssa.BasicBlock]bool) map[types.Object]bool {
	out := make(map[types.Object]bool)
	for b := range loop {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || !leaves(ifi, loop) {
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
		// The true branch is Succs[0]: the loop goes on along it when it
		// stays in the loop.
		onTrue := loop[b.Succs[0]]
		if (onTrue && (op == token.GTR || op == token.NEQ)) || (!onTrue && (op == token.EQL || op == token.LEQ)) {
			out[naming.AddrObject(counter.(*ssa.UnOp).X)] = true
		}
	}
	return out
}

// isZero reports whether v is the integer constant 0.
func isZero(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.Value != nil && k.Value.Kind() == constant.Int && constant.Sign(k.Value) == 0
}

// countsBothWays reports whether fn adds a signed integer parameter to f
// (f += delta) and a function of the package calls fn with a negative
// constant for it.
func (r *Result) countsBothWays(fn *ssa.Function, f types.Object) bool {
	for _, st := range storesTo(fn, f) {
		op, ok := st.Val.(*ssa.BinOp)
		if !ok || op.Op != token.ADD {
			continue
		}
		for _, delta := range []ssa.Value{op.X, op.Y} {
			p, ok := delta.(*ssa.Parameter)
			if !ok {
				continue
			}
			if b, ok := p.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsUnsigned != 0 || b.Info()&types.IsInteger == 0 {
				continue
			}
			i := paramIndex(fn, p)
			for _, site := range r.gates.CallSites(fn) {
				args := site.Common().Args
				if i < len(args) {
					if k, ok := args[i].(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Int && constant.Sign(k.Value) < 0 {
						return true
					}
				}
			}
		}
	}
	return false
}

// paramIndex returns p's index among fn's parameters, the receiver
// first, as a static call's arguments are.
func paramIndex(fn *ssa.Function, p *ssa.Parameter) int {
	for i, q := range fn.Params {
		if q == p {
			return i
		}
	}
	return -1
}
