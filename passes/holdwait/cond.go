package holdwait

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/condwait"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A sync.Cond's Wait lets go of the Cond's own lock while it waits, and
// holds every other gate: a Wait on c.cond, made with sync.NewCond(&c.mu),
// while holding c.other, waits for a Signal or Broadcast that a goroutine
// may make only after taking c.other. The pass judges such a Wait when
// the package gives the Cond field one lock, a field of the same struct,
// everywhere it makes one; not knowing the lock, it stays silent, as the
// common Wait holds just that lock.

// condLock returns the lock field that every sync.NewCond the package
// stores into field cond is given (&x.mu, with x the struct that holds
// cond), or nil.
func (p *pkgInfo) condLock(cond *types.Var) *types.Var {
	var lock *types.Var
	for _, st := range p.fieldStores(cond) {
		l := newCondLock(st.Val)
		if l == nil || lock != nil && l != lock {
			return nil
		}
		lock = l
	}
	return lock
}

// newCondLock returns the field whose address v, a sync.NewCond call, is
// given.
func newCondLock(v ssa.Value) *types.Var {
	c, ok := v.(*ssa.Call)
	if !ok || len(c.Call.Args) != 1 {
		return nil
	}
	f := c.Call.StaticCallee()
	if f == nil || f.Name() != "NewCond" || known.PkgPath(f) != "sync" {
		return nil
	}
	arg := c.Call.Args[0]
	if mi, ok := arg.(*ssa.MakeInterface); ok {
		arg = mi.X
	}
	fa, ok := arg.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	l, _ := naming.ValueField(fa)
	return l
}

// condWaitHeld keeps, of the gates held at a Wait on the Cond field
// cond, those other than the Cond's own lock, which Wait lets go of. It
// returns none when the lock is not known.
func (p *pkgInfo) condWaitHeld(w wait, held []*gate.Holding) []*gate.Holding {
	cond, ok := naming.ValueField(w.obj)
	if !ok {
		return nil
	}
	lock := p.condLock(cond)
	if lock == nil {
		return nil
	}
	// The lock is the field beside the Cond: w.ref's path, with the
	// Cond's field (and the loads after it) replaced by the lock's.
	prefix := w.ref.Path
	for len(prefix) > 0 && prefix[len(prefix)-1] == naming.Deref {
		prefix = prefix[:len(prefix)-1]
	}
	if len(prefix) == 0 || prefix[len(prefix)-1] != cond.Name() {
		return nil
	}
	own := append(slices.Clone(prefix[:len(prefix)-1]), lock.Name())
	var out []*gate.Holding
	for _, h := range held {
		if h.Gate.SameRoot(w.ref) && slices.Equal(h.Gate.Path, own) {
			continue
		}
		out = append(out, h)
	}
	return out
}

// condOps returns fn's Signal and Broadcast calls on the Cond that is
// picks out.
func condOps(fn *ssa.Function, is func(ssa.Value) bool) []compOp {
	var ops []compOp
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if ok && condwait.IsWake(&call.Call) && is(call.Call.Args[0]) {
				ops = append(ops, compOp{at: call, ch: call.Call.Args[0], pos: call.Pos(), what: "wakes"})
			}
		}
	}
	return ops
}
