package gate

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/known"
)

// A hold that a flag records. A loop that takes a lock on some
// iterations and keeps it for later ones records the hold in a local
// bool ("if on && !held && n > limit { mu.Lock(); held = true }",
// released under "if held && … { mu.Unlock(); held = false }" and by a
// deferred closure that tests held). The must-held join forgets such a
// hold, since some paths round the loop do not carry it, so loops.go
// does not see it; and it is right not to, when the acquire tests the
// flag first. When it does not, an iteration that took the lock and
// skipped the conditional release comes round holding it, and the next
// acquire blocks on it.
//
// The flag is followed with the gate: for a local bool variable (one a
// deferred closure may read) that the function sets to true right after
// each acquire of the gate and to false right after each release, and
// otherwise only to false outside any loop, the pair (held, flag) is
// tracked along every path, and a branch on the flag drops the pairs it
// rules out. An acquire that some pair holding the gate reaches, from a
// back edge of its loop, is carried on some paths only: latent, since
// it needs the iteration that skips the release.

// A pairs is a set of (held, flag) pairs: bit held*3+flag, flag 0 for
// false, 1 for true and 2 for not known.
type pairs uint8

const (
	flagFalse, flagTrue, flagUnknown = 0, 1, 2
	heldPairs                        = pairs(7 << 3)
)

// each maps every pair of p through f.
func (p pairs) each(f func(held bool, flag int) (bool, int)) pairs {
	var out pairs
	for bit := 0; bit < 6; bit++ {
		if p&(1<<bit) != 0 {
			h, v := f(bit >= 3, bit%3)
			out |= 1 << (flagBit(h) + v)
		}
	}
	return out
}

func flagBit(held bool) int {
	if held {
		return 3
	}
	return 0
}

// A holdFlag is a gate and the local variable that records its hold.
type holdFlag struct {
	id       int
	flag     *ssa.Alloc
	acquires map[ssa.Instruction]effect    // each followed by flag = true
	releases map[ssa.Instruction]token.Pos // each followed by flag = false
	sets     map[*ssa.Store]bool           // those stores
}

// flagCarried records fi's acquires that an earlier iteration of their
// loop may still hold, by a flag that records the hold and that the
// acquire does not test, as acquire points with Carried and Sometimes
// set.
func (m *model) flagCarried(fi *FuncInfo) {
	fs := fi.fs
	held := make(map[ssa.Instruction]bool)
	for _, ap := range fi.Acquires {
		held[ap.Instr] = held[ap.Instr] || ap.Holding != nil
	}
	for id := range fs.gates {
		hf := fs.holdFlag(id)
		if hf == nil {
			continue
		}
		in := fs.flagFlow(hf)
		for instr, e := range hf.acquires {
			loop := cfg.LoopOf(instr.Block())
			if held[instr] || loop == nil || !fs.invariant(e.gate.Gate, loop) || !fs.carriesRound(hf, in, loop) {
				continue
			}
			before := fs.pairsBefore(hf, in, instr)
			if before&heldPairs == 0 {
				continue
			}
			ap := newAcquirePoint(instr, e, e.holding)
			ap.Owned, ap.Carried, ap.Sometimes = true, true, true
			ap.Skipped, ap.Recorded = firstRelease(hf, loop), hf.flag.Comment
			fi.Acquires = append(fi.Acquires, ap)
		}
	}
}

// holdFlag returns the flag that records the hold of gate id in fs's
// function, if it has one: every acquire and release of the gate is
// the function's own (not a callee's, not deferred, not a try), in a
// loop, and followed in its block by the store of true (after an
// acquire) or false (after a release) to one local bool variable, with
// nothing else in between; the variable's other stores are false,
// outside every loop; and nothing else than loads, those stores and
// deferred closures uses it.
func (fs *funcState) holdFlag(id int) *holdFlag {
	hf := &holdFlag{id: id, acquires: make(map[ssa.Instruction]effect), releases: make(map[ssa.Instruction]token.Pos), sets: make(map[*ssa.Store]bool)}
	for instr, es := range fs.effects {
		for _, e := range es {
			if e.id != id {
				continue
			}
			_, deferred := instr.(*ssa.Defer)
			switch {
			case deferred && e.op == known.Release:
				continue
			case deferred, e.via, e.gate.Kind.Counting(), e.op == known.Acquire && (!e.blocking || !e.hold || !e.check):
				return nil
			}
			want := e.op == known.Acquire
			if want && cfg.LoopOf(instr.Block()) == nil {
				return nil
			}
			st := storeAfter(instr)
			if st == nil || !isBoolConst(st.Val, want) {
				return nil
			}
			a, ok := st.Addr.(*ssa.Alloc)
			if !ok || hf.flag != nil && a != hf.flag {
				return nil
			}
			hf.flag = a
			hf.sets[st] = true
			if want {
				hf.acquires[instr] = e
			} else {
				hf.releases[instr] = e.pos
			}
		}
	}
	if hf.flag == nil || len(hf.acquires) == 0 || !localFlag(hf) {
		return nil
	}
	return hf
}

// storeAfter returns the store that follows instr in its block, when
// only instructions without effects on memory or calls come between.
func storeAfter(instr ssa.Instruction) *ssa.Store {
	instrs := instr.Block().Instrs
	for i, x := range instrs {
		if x != instr {
			continue
		}
		for _, y := range instrs[i+1:] {
			switch y := y.(type) {
			case *ssa.Store:
				return y
			case *ssa.DebugRef:
			default:
				return nil
			}
		}
	}
	return nil
}

func isBoolConst(v ssa.Value, val bool) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value) == val
}

// localFlag reports whether hf's variable is a local bool that only its
// recording stores, false stores outside every loop, loads and deferred
// closures use.
func localFlag(hf *holdFlag) bool {
	a := hf.flag
	if b, ok := a.Type().(*types.Pointer).Elem().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return false
	}
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr != a || !hf.sets[r] && (!isBoolConst(r.Val, false) || cfg.LoopOf(r.Block()) != nil) {
				return false
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.MakeClosure:
			for _, use := range *r.Referrers() {
				if d, ok := use.(*ssa.Defer); !ok || d.Call.Value != r {
					return false
				}
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// flagFlow runs the (held, flag) pairs of hf through fs's function and
// returns the pairs at each block's entry.
func (fs *funcState) flagFlow(hf *holdFlag) []*pairs {
	return cfg.Dataflow[*pairs]{
		Entry: ptr(pairs(1 << flagUnknown)),
		Transfer: func(b *ssa.BasicBlock, in *pairs) []*pairs {
			p := fs.pairsThrough(hf, b, *in, nil)
			ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
			if !ok {
				return []*pairs{&p}
			}
			v, tested := flagTest(hf, ifi)
			if !tested {
				return []*pairs{&p}
			}
			return []*pairs{ptr(branch(p, v)), ptr(branch(p, !v))}
		},
		Join: func(dst, src *pairs) bool {
			changed := *src&^*dst != 0
			*dst |= *src
			return changed
		},
		Clone:  func(p *pairs) *pairs { return ptr(*p) },
		Follow: fs.paths.Follow,
	}.Solve(fs.fn)
}

func ptr(p pairs) *pairs { return &p }

// pairsThrough runs p through block b's instructions, up to stop if it
// is one of them.
func (fs *funcState) pairsThrough(hf *holdFlag, b *ssa.BasicBlock, p pairs, stop ssa.Instruction) pairs {
	for _, instr := range b.Instrs {
		if instr == stop {
			break
		}
		if _, ok := hf.releases[instr]; ok {
			p = p.each(func(_ bool, v int) (bool, int) { return false, v })
		}
		if _, ok := hf.acquires[instr]; ok {
			p = p.each(func(_ bool, v int) (bool, int) { return true, v })
		}
		if st, ok := instr.(*ssa.Store); ok && st.Addr == hf.flag {
			val := flagUnknown
			if isBoolConst(st.Val, true) {
				val = flagTrue
			} else if isBoolConst(st.Val, false) {
				val = flagFalse
			}
			p = p.each(func(h bool, _ int) (bool, int) { return h, val })
		}
	}
	return p
}

// flagTest reports whether ifi branches on hf's flag, loaded in its
// block with no store to it after the load, and the flag's value on the
// If's true branch.
func flagTest(hf *holdFlag, ifi *ssa.If) (val, ok bool) {
	cond, val := ifi.Cond, true
	if u, isNot := cond.(*ssa.UnOp); isNot && u.Op == token.NOT {
		cond, val = u.X, false
	}
	load, isLoad := cond.(*ssa.UnOp)
	if !isLoad || load.Op != token.MUL || load.X != hf.flag || load.Block() != ifi.Block() {
		return false, false
	}
	instrs := ifi.Block().Instrs
	after := false
	for _, instr := range instrs {
		if instr == load {
			after = true
		}
		if st, isStore := instr.(*ssa.Store); after && isStore && st.Addr == hf.flag {
			return false, false
		}
	}
	return val, true
}

// branch returns the pairs of p that can take the branch on which the
// flag is val, with an unknown flag now known.
func branch(p pairs, val bool) pairs {
	want := flagFalse
	if val {
		want = flagTrue
	}
	var out pairs
	for _, h := range []bool{false, true} {
		if p&(1<<(flagBit(h)+want)) != 0 || p&(1<<(flagBit(h)+flagUnknown)) != 0 {
			out |= 1 << (flagBit(h) + want)
		}
	}
	return out
}

// carriesRound reports whether a back edge of loop passes its header a
// pair that holds hf's gate.
func (fs *funcState) carriesRound(hf *holdFlag, in []*pairs, loop map[*ssa.BasicBlock]bool) bool {
	for b := range loop {
		for _, s := range b.Succs {
			if !s.Dominates(b) || !loop[s] || in[b.Index] == nil {
				continue
			}
			if p := fs.pairsThrough(hf, b, *in[b.Index], nil); p&heldPairs != 0 && edgeKeeps(hf, b, s, p) {
				return true
			}
		}
	}
	return false
}

// edgeKeeps reports whether the edge from b to s passes on a pair of p
// that holds the gate, after b's own test of the flag.
func edgeKeeps(hf *holdFlag, b, s *ssa.BasicBlock, p pairs) bool {
	if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
		if v, tested := flagTest(hf, ifi); tested {
			return branch(p, v == (s == b.Succs[0]))&heldPairs != 0
		}
	}
	return true
}

// pairsBefore returns the pairs just before instr.
func (fs *funcState) pairsBefore(hf *holdFlag, in []*pairs, instr ssa.Instruction) pairs {
	b := instr.Block()
	if in[b.Index] == nil {
		return 0
	}
	return fs.pairsThrough(hf, b, *in[b.Index], instr)
}

// firstRelease returns the position of hf's first release in loop, by
// position; NoPos when the loop has none.
func firstRelease(hf *holdFlag, loop map[*ssa.BasicBlock]bool) token.Pos {
	first := token.NoPos
	for instr, pos := range hf.releases {
		if loop[instr.Block()] && (!first.IsValid() || pos < first) {
			first = pos
		}
	}
	return first
}
