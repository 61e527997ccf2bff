package gate

import (
	"go/token"
	"slices"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
	"github.com/gatevet/gatevet/internal/values"
)

// Closed for good. A Close that takes the write lock and returns still
// holding it, having cleared a field (db.mem = nil), takes the lock for
// good: nothing releases it after. Another function that tests that
// field against nil while holding the same lock of the same object
// (db.write.Lock(); if db.mem == nil { return ErrClosed }) can take the
// nil branch only after such a Close, since every construction sets the
// field and only closing stores clear it (values.Closing); but after
// such a Close its own Lock never returns. The branch never runs: a
// return there "holding the lock" keeps nothing.

// closingOnce computes the package's closing fields on first use: few
// packages ever ask.
type closingOnce struct {
	once sync.Once
	c    *values.Closing
}

// AfterClose reports whether instr in fi runs only on the nil branch of
// a test of a closing field, made while fi holds h's gate on the same
// object, whose every closing store holds that gate of its object and
// keeps it for good (held at every return of the closing function, and
// no caller in the package releases it after the call); it returns the
// closing function.
func (r *Result) AfterClose(fi *FuncInfo, instr ssa.Instruction, h *Holding) (*ssa.Function, bool) {
	r.closing.once.Do(func() { r.closing.c = values.FindClosing(r.m.ssaPkg, r.m.valueFuncs) })
	if r.closing.c == nil {
		return nil, false
	}
	for b := instr.Block(); b.Idom() != nil; b = b.Idom() {
		d := b.Idom()
		ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		fa, nilSucc, ok := nilTest(ifi)
		if !ok || nilSucc != b || len(b.Preds) != 1 {
			continue
		}
		if closer, ok := r.closedBy(fi, ifi, fa, h); ok {
			return closer, true
		}
	}
	return nil, false
}

// nilTest returns the field a test of ifi compares with nil, and the
// successor on which it is nil.
func nilTest(ifi *ssa.If) (*ssa.FieldAddr, *ssa.BasicBlock, bool) {
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
		return nil, nil, false
	}
	x, y := cmp.X, cmp.Y
	if k, isConst := x.(*ssa.Const); isConst && k.IsNil() {
		x, y = y, x
	}
	if k, isConst := y.(*ssa.Const); !isConst || !k.IsNil() {
		return nil, nil, false
	}
	load, ok := x.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil, nil, false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return nil, nil, false
	}
	succ := ifi.Block().Succs[0]
	if cmp.Op == token.NEQ {
		succ = ifi.Block().Succs[1]
	}
	return fa, succ, true
}

// closedBy reports whether the test ifi of field fa, in fi, holding h,
// has its nil branch only after a closing function that keeps h's gate
// (in its own terms) for good, and returns that function.
func (r *Result) closedBy(fi *FuncInfo, ifi *ssa.If, fa *ssa.FieldAddr, h *Holding) (*ssa.Function, bool) {
	stores := r.closing.c.Stores(naming.FieldOf(fa), fi.Fn)
	base, ok := fi.Ref(fa.X)
	if len(stores) == 0 || !ok || !heldIn(r.HeldAt(fi, ifi), h.Gate.Key()) {
		return nil, false
	}
	rest, ok := suffix(h.Gate, base)
	if !ok {
		return nil, false
	}
	var closer *ssa.Function
	for _, st := range stores {
		ci := r.Info(st.Parent())
		if ci == nil {
			return nil, false
		}
		cbase, ok := ci.Ref(st.Addr.(*ssa.FieldAddr).X)
		if !ok {
			return nil, false
		}
		g := cbase.With(rest...)
		if !heldIn(r.HeldAt(ci, st), g.Key()) || !r.keeps(ci, st, g) {
			return nil, false
		}
		closer = ci.Fn
	}
	return closer, true
}

// suffix returns the steps of g's path after base's, when g is a gate
// of base's object.
func suffix(g, base naming.Ref) ([]string, bool) {
	if g.Root != base.Root || g.Index != base.Index || g.Pkg != base.Pkg || g.Name != base.Name && g.Root == naming.Global ||
		len(g.Path) <= len(base.Path) || !slices.Equal(g.Path[:len(base.Path)], base.Path) {
		return nil, false
	}
	return g.Path[len(base.Path):], true
}

func heldIn(held []*Holding, key string) bool {
	for _, h := range held {
		if h.Gate.Key() == key {
			return true
		}
	}
	return false
}

// keeps reports whether ci's function keeps gate g for good after the
// closing store st: every return that can follow it holds g, no
// release of g can follow it (a deferred one runs at return), and no
// call of the function in the package releases g afterwards.
func (r *Result) keeps(ci *FuncInfo, st ssa.Instruction, g naming.Ref) bool {
	key := g.Key()
	if !g.Crosses() {
		return false
	}
	for _, e := range ci.Events() {
		if e.Op == known.Release && e.Gate.Key() == key && (e.Deferred || cfg.After(st, e.Instr)) {
			return false
		}
	}
	for _, b := range ci.Fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && cfg.After(st, ret) && !heldIn(r.HeldAt(ci, ret), key) {
			return false
		}
	}
	for _, call := range r.graph.calls[ci.Fn] {
		caller := r.Info(call.Parent())
		cal, ok := naming.Resolve(call.Common())
		if caller == nil || !ok {
			return false
		}
		cg, ok := caller.Translate(g, cal)
		if !ok || caller.ReleasesAfter(call, cg.Key()) {
			return false
		}
	}
	return true
}
