package gate

import (
	"go/token"
	"go/types"
	"slices"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Tokens a flag records. A channel used as a counting semaphore across
// methods may keep whether an object holds a permit in a bool field of
// its own: the permit is sent, and the flag set, in one section under the
// object's lock (select { case m.sem <- true: m.acquired = true … });
// it is given back, and the flag cleared, in another under the same lock
// (if m.acquired { <-m.sem; m.acquired = false }). Every true flag then
// stands for a value the object sent and nobody has taken, so the
// channel's buffer holds at least as many values as there are true flags,
// and a receive made only while the flag is true finds one: it never
// waits, for a sender or anyone else. The package decides it when both
// fields are unexported and:
//
//   - every receive from the channel field in the package is made on the
//     true branch of a test of the flag of the same object, loaded with
//     the object's lock held and not let go of before the receive, which
//     runs once (on no loop), and clears that flag after it in its block
//     before any other receive from the channel;
//   - every store of true into the flag comes right after a send on the
//     channel of the same object succeeds (later in the send's block, or
//     in the body of the select case that sends), with the same lock of
//     the object held; any other store into the flag stores false, and
//     the flag's address is only loaded and stored;
//   - the channel field is set only on objects being made, never to an
//     unbuffered channel made in place, and no value of the object's
//     struct type is copied whole (a copy would carry a true flag).

// tokensOnce holds the receives that take back a recorded token.
type tokensOnce struct {
	once  sync.Once
	takes map[ssa.Instruction]bool
}

// TakesOwnToken reports whether instr, a receive or a select with a
// receive case, takes from a channel a value its object recorded as sent
// in a flag (see above), and so does not wait.
func (r *Result) TakesOwnToken(instr ssa.Instruction) bool {
	r.tokens.once.Do(func() { r.tokens.takes = r.findTokens() })
	return r.tokens.takes[instr]
}

// A tokenRecv is a receive from a channel field and the flag that
// guards it.
type tokenRecv struct {
	instr       ssa.Instruction
	ch, lock    naming.Ref
	flag        *types.Var
	unguarded   bool
	clearsAfter bool
}

// findTokens returns the receives that take back a recorded token.
func (r *Result) findTokens() map[ssa.Instruction]bool {
	recvs := make(map[*types.Var][]tokenRecv) // by channel field
	sets := make(map[*types.Var][]*ssa.Store) // stores of true, by flag
	badFlag := make(map[*types.Var]bool)      // a flag given something else
	badChan := make(map[*types.Var]bool)      // a channel field set on a made object
	copied := make(map[types.Type]bool)       // struct types of values
	for _, fn := range r.Source {
		for _, p := range fn.Params {
			copied[p.Type()] = true
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if v, ok := instr.(ssa.Value); ok {
					copied[v.Type()] = true
				}
				if fa, ok := instr.(*ssa.FieldAddr); ok && !naming.StoredOrLoaded(fa, nil) {
					badFlag[naming.FieldOf(fa)] = true
				}
				if st, ok := instr.(*ssa.Store); ok {
					f, ok := naming.ValueField(st.Addr)
					if ok && !madeObject(st) {
						badChan[f] = true
					}
					switch {
					case !ok || !isBool(f.Type()):
					case isBoolConst(st.Val, true):
						sets[f] = append(sets[f], st)
					case !isBoolConst(st.Val, false):
						badFlag[f] = true
					}
				}
				for _, o := range ChanOps(instr) {
					field, ok := naming.ValueField(o.Chan)
					if o.Send || !ok || field.Exported() {
						continue
					}
					recvs[field] = append(recvs[field], r.tokenRecv(fn, instr, o.Chan))
				}
			}
		}
	}
	out := make(map[ssa.Instruction]bool)
	for field, rs := range recvs {
		flag := rs[0].flag
		ok := flag != nil && !flag.Exported() && !badFlag[flag] && !badChan[field] && !r.unbufferedStored(field) && !copiedOwner(flag, copied)
		for _, x := range rs {
			ok = ok && !x.unguarded && x.flag == flag && x.clearsAfter
		}
		for _, st := range sets[flag] {
			ok = ok && r.setAfterSend(st, field, rs[0])
		}
		if !ok {
			continue
		}
		for _, x := range rs {
			out[x.instr] = true
		}
	}
	return out
}

// tokenRecv reads the receive from ch at instr in fn: the flag field of
// the same object whose true branch it lies on, the exclusive gate of
// that object held there, and whether it clears the flag after it.
func (r *Result) tokenRecv(fn *ssa.Function, instr ssa.Instruction, ch ssa.Value) tokenRecv {
	x := tokenRecv{instr: instr, unguarded: true}
	fi := r.Info(fn)
	fa := fieldAddrOf(ch)
	if fi == nil || fa == nil {
		return x
	}
	var ok bool
	if x.ch, ok = fi.Ref(ch); !ok {
		return x
	}
	base, ok := fi.Ref(fa.X)
	if !ok {
		return x
	}
	b := instr.Block()
	for d := b.Idom(); d != nil; d = d.Idom() {
		t, ok := cfg.TestOf(d)
		if !ok || t.Const != nil || !cfg.Only(t.Equal) || !t.Equal.Dominates(b) {
			continue
		}
		ffa := fieldAddrOf(t.Value)
		if ffa == nil {
			continue
		}
		if fb, ok := fi.Ref(ffa.X); !ok || fb.Key() != base.Key() {
			continue
		}
		load, _ := t.Value.(ssa.Instruction)
		x.flag = naming.FieldOf(ffa)
		x.lock, ok = r.objectLock(fi, base, load, instr)
		x.unguarded = !ok || cfg.InLoop(instr) || releasedBetween(fi, x.lock, t.Equal, instr)
		break
	}
	if x.flag == nil {
		return x
	}
	after := false
	for _, in := range b.Instrs {
		if in == instr {
			after = true
			continue
		}
		if after && receivesFrom(in, x.ch, fi) {
			break // another receive before the flag is cleared
		}
		st, ok := in.(*ssa.Store)
		if !after || !ok {
			continue
		}
		sfa, isField := st.Addr.(*ssa.FieldAddr)
		if !isField || naming.FieldOf(sfa) != x.flag || !isBoolConst(st.Val, false) {
			continue
		}
		if sb, ok := fi.Ref(sfa.X); ok && sb.Key() == base.Key() {
			x.clearsAfter = true
			break
		}
	}
	return x
}

// receivesFrom reports whether instr receives from the channel ch names.
func receivesFrom(instr ssa.Instruction, ch naming.Ref, fi *FuncInfo) bool {
	for _, o := range ChanOps(instr) {
		if r, ok := fi.Ref(o.Chan); ok && !o.Send && r.Key() == ch.Key() {
			return true
		}
	}
	return false
}

// releasedBetween reports whether fi may let go of lock on the way from
// the start of block from to instr.
func releasedBetween(fi *FuncInfo, lock naming.Ref, from *ssa.BasicBlock, instr ssa.Instruction) bool {
	reach := cfg.Reachable(from, cfg.Succs)
	for _, e := range fi.Events() {
		if e.Op == known.Release && e.Gate.Key() == lock.Key() && !e.Deferred && (reach[e.Instr.Block()] || e.Instr.Block() == from) && cfg.After(e.Instr, instr) {
			return true
		}
	}
	return false
}

// madeObject reports whether st stores into a field of an object its
// function is making (allocated there).
func madeObject(st *ssa.Store) bool {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	_, ok = fa.X.(*ssa.Alloc)
	return ok
}

// copiedOwner reports whether a value of the struct type that holds
// flag is among copied, the types of the package's values.
func copiedOwner(flag *types.Var, copied map[types.Type]bool) bool {
	for t := range copied {
		if st, ok := t.Underlying().(*types.Struct); ok {
			for i := range st.NumFields() {
				if st.Field(i) == flag {
					return true
				}
			}
		}
	}
	return false
}

// objectLock returns an exclusive gate of the object base names (a
// field of it) that fi holds at every one of at.
func (r *Result) objectLock(fi *FuncInfo, base naming.Ref, at ...ssa.Instruction) (naming.Ref, bool) {
	var common []*Holding
	for i, instr := range at {
		held := r.HeldAt(fi, instr)
		if i == 0 {
			for _, h := range held {
				if r.Exclusive(fi, h) && h.Gate.SameRoot(base) && len(h.Gate.Path) > len(base.Path) && slices.Equal(h.Gate.Path[:len(base.Path)], base.Path) {
					common = append(common, h)
				}
			}
			continue
		}
		var still []*Holding
		for _, c := range common {
			for _, h := range held {
				if h.Gate.Key() == c.Gate.Key() {
					still = append(still, c)
					break
				}
			}
		}
		common = still
	}
	if len(common) == 0 {
		return naming.Ref{}, false
	}
	return common[0].Gate, true
}

// setAfterSend reports whether st, a store of true into a flag, comes
// right after a send on field of the same object succeeds, holding the
// gate that recv's lock is beside recv's channel.
func (r *Result) setAfterSend(st *ssa.Store, field *types.Var, recv tokenRecv) bool {
	fi := r.Info(st.Parent())
	sfa, ok := st.Addr.(*ssa.FieldAddr)
	if fi == nil || !ok {
		return false
	}
	base, ok := fi.Ref(sfa.X)
	if !ok {
		return false
	}
	sent := func(ch ssa.Value) bool {
		f, ok := naming.ValueField(ch)
		if !ok || f != field {
			return false
		}
		fa := fieldAddrOf(ch)
		fb, ok := fi.Ref(fa.X)
		return ok && fb.Key() == base.Key()
	}
	var send ssa.Instruction
	b := st.Block()
	for _, in := range b.Instrs {
		if in == st {
			break
		}
		if s, ok := in.(*ssa.Send); ok && sent(s.Chan) {
			send = s
		}
	}
	for d := b; send == nil && d != nil; d = d.Idom() {
		for _, p := range d.Preds {
			sel, ok := selectOf(p)
			if !ok {
				continue
			}
			for i, s := range sel.States {
				if s.Dir == types.SendOnly && sent(s.Chan) && cfg.SelectCase(sel, i) == d && cfg.Only(d) {
					send = sel
				}
			}
		}
	}
	if send == nil {
		return false
	}
	ch, ok := fi.Ref(chanOf(send, field))
	if !ok {
		return false
	}
	lock, ok := r.objectLock(fi, base, send, st)
	return ok && naming.Beside(ch, lock, recv.ch, recv.lock)
}

// selectOf returns the select whose chosen index the If ending b tests.
func selectOf(b *ssa.BasicBlock) (*ssa.Select, bool) {
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil, false
	}
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.EQL {
		return nil, false
	}
	ex, ok := cmp.X.(*ssa.Extract)
	if !ok || ex.Index != 0 {
		return nil, false
	}
	sel, ok := ex.Tuple.(*ssa.Select)
	return sel, ok
}

// chanOf returns the channel of field that send (a send or a select)
// sends on.
func chanOf(send ssa.Instruction, field *types.Var) ssa.Value {
	for _, o := range ChanOps(send) {
		if f, ok := naming.ValueField(o.Chan); ok && f == field && o.Send {
			return o.Chan
		}
	}
	return nil
}

// unbufferedStored reports whether the package stores an unbuffered
// channel made in place into field, or a whole struct that holds it.
func (r *Result) unbufferedStored(field *types.Var) bool {
	return !r.m.storesInto(field, func(_ *ssa.Function, _ *ssa.FieldAddr, st *ssa.Store) bool {
		mc, ok := st.Val.(*ssa.MakeChan)
		return !ok || nonZero(mc.Size)
	})
}

// fieldAddrOf returns the field address v is loaded from, or nil.
func fieldAddrOf(v ssa.Value) *ssa.FieldAddr {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		fa, _ := u.X.(*ssa.FieldAddr)
		return fa
	}
	return nil
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}
