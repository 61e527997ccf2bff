package cfg

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// Nil errors on the way to a return. A function that returns err after
// if err == nil { … } returns nil on the paths through that branch:
//
//	err := t.dial()
//	if err == nil {
//		t.mu.Lock(); t.begun = true; t.mu.Unlock()
//	}
//	return err
//
// The value a return gives back is seen through the result variable a
// function with defers returns through (Returned), and through a local
// variable it is loaded from, which nothing may store into after the
// test and which no closure but a deferred one captures (a deferred
// closure runs after the result is set; a named result it captures is
// left alone, since the closure may still change it).

// NilAt reports whether v is nil wherever instr runs: instr lies on the
// nil branch of a test of v (of the variable v is loaded from) that
// every path to it passes.
func NilAt(v ssa.Value, instr ssa.Instruction) bool {
	same, a, ok := nilTested(v)
	if !ok || a != nil && storedAfter(a, instr) {
		return false
	}
	for d := instr.Block(); d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		if t, ok := TestOf(d.Preds[0]); ok && t.Const != nil && t.Const.IsNil() && t.Equal == d && same(t.Value) {
			return true
		}
	}
	return false
}

// NilReaching reports whether some path reaches instr from the nil
// branch of a test of v (of the variable v is loaded from), nothing
// stored into the variable after the test: a return of err after if err
// == nil { … } may return nil.
func NilReaching(v ssa.Value, instr ssa.Instruction) bool {
	same, a, ok := nilTested(v)
	if !ok {
		return false
	}
	for _, b := range instr.Parent().Blocks {
		t, ok := TestOf(b)
		if !ok || t.Const == nil || !t.Const.IsNil() || !same(t.Value) || a != nil && storedAfter(a, b.Instrs[len(b.Instrs)-1]) {
			continue
		}
		if t.Equal == instr.Block() || Reachable(t.Equal, Succs)[instr.Block()] {
			return true
		}
	}
	return false
}

// nilTested returns how to recognise a test of v: the value itself, or a
// load of the local variable a it is loaded from; false when the
// variable can change behind the function's back.
func nilTested(v ssa.Value) (same func(ssa.Value) bool, a *ssa.Alloc, ok bool) {
	v = Returned(v)
	load, isLoad := v.(*ssa.UnOp)
	if !isLoad || load.Op != token.MUL {
		return func(x ssa.Value) bool { return x == v }, nil, true
	}
	a, isVar := load.X.(*ssa.Alloc)
	if !isVar || capturedLive(a) || a.Heap && resultVar(a) {
		return nil, nil, false
	}
	return func(x ssa.Value) bool {
		l, ok := x.(*ssa.UnOp)
		return ok && l.Op == token.MUL && l.X == a
	}, a, true
}

// capturedLive reports whether a closure that is not only deferred
// captures variable a.
func capturedLive(a *ssa.Alloc) bool {
	for _, ref := range *a.Referrers() {
		mc, ok := ref.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		for _, use := range *mc.Referrers() {
			if d, ok := use.(*ssa.Defer); !ok || d.Call.Value != mc {
				return true
			}
		}
	}
	return false
}

// resultVar reports whether a return gives back what variable a holds:
// a named result, which a deferred closure that captures it can still
// change.
func resultVar(a *ssa.Alloc) bool {
	for _, ref := range *a.Referrers() {
		load, ok := ref.(*ssa.UnOp)
		if !ok {
			continue
		}
		for _, use := range *load.Referrers() {
			if _, ok := use.(*ssa.Return); ok {
				return true
			}
		}
	}
	return false
}

// storedAfter reports whether some store into variable a can run after
// instr.
func storedAfter(a *ssa.Alloc, instr ssa.Instruction) bool {
	for _, ref := range *a.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == a && After(instr, st) {
			return true
		}
	}
	return false
}
