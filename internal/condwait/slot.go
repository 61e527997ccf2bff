package condwait

import (
	"go/constant"
	"go/token"
	"go/types"

	"github.com/gatevet/gatevet/internal/naming"
	"golang.org/x/tools/go/ssa"
)

// A slot of a bounded pool. A Wait loop that compares a counter with a
// bound (for p.active >= p.max { p.cond.Wait() }, or while it equals
// the bound: for q.count == q.max) and whose function then counts itself
// into that counter (p.active++, itself or in a helper of the package it
// calls: a bounded queue's push) takes a slot: it waits for a holder to
// give one back, as a semaphore's acquire waits for a permit, not for an
// event that may never come. A counting queue's take (for q.n == 0 {
// Wait }; q.n--) tests for emptiness, not against a bound, and a wait
// for progress (for c.done < target) does not count itself in.

// takesSlot reports whether fn's Wait loop, of blocks loop, takes a slot.
func takesSlot(fn *ssa.Function, loop map[*ssa.BasicBlock]bool) bool {
	for ifi := range exits(loop) {
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || !ordered(cmp.Op) {
			continue
		}
		if countedAgainst(fn, cmp.X, cmp.Y) || countedAgainst(fn, cmp.Y, cmp.X) {
			return true
		}
	}
	return false
}

// ordered reports whether op compares a count with a bound: an order,
// or equality (waiting while the count is at the bound).
func ordered(op token.Token) bool {
	switch op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL:
		return true
	}
	return false
}

// countedAgainst reports whether count reads a counter that fn counts
// itself into and bound is not zero: a limit, not emptiness.
func countedAgainst(fn *ssa.Function, count, bound ssa.Value) bool {
	if k, ok := bound.(*ssa.Const); ok && (k.Value == nil || k.Value.Kind() != constant.Int || constant.Sign(k.Value) == 0) {
		return false
	}
	counts := false
	readAddrs(count, func(addr ssa.Value) {
		if obj := naming.AddrObject(addr); obj != nil && countsIntoCalls(fn, obj, 0) {
			counts = true
		}
	})
	return counts
}

// maxCountDepth bounds the helpers followed for the counting.
const maxCountDepth = 2

// countsIntoCalls reports whether fn, or a function of its package it
// calls statically, counts into f.
func countsIntoCalls(fn *ssa.Function, f types.Object, depth int) bool {
	if countsInto(fn, f) {
		return true
	}
	if depth >= maxCountDepth {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			callee := call.Call.StaticCallee()
			if callee != nil && callee.Origin() != nil {
				callee = callee.Origin() // g.push in a generic Growable[T]: the body with T's fields
			}
			if callee != nil && callee.Pkg == fn.Pkg && countsIntoCalls(callee, f, depth+1) {
				return true
			}
		}
	}
	return false
}
