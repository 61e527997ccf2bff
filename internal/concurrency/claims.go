package concurrency

import (
	"go/constant"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
)

// Atomic claims. A CompareAndSwap of a word from one constant state to
// another (atomic.CompareAndSwapInt32(&m.status, idle, busy), or
// running.CompareAndSwap(false, true)) succeeds for one goroutine at a
// time: the code on its success branch, up to the next atomic write of
// the word that gives it back, runs while no other goroutine runs a
// section claimed the same way on the same word. A one-way claim that no
// write gives back (a Close that runs once) holds to the function's end.
// Those sections hold the word as a gate of kind known.Claim: the
// resource model adds it to the uses there (Claimed), so that what a
// claim keeps apart is not taken to meet, and a claim on a package-level
// word is process-wide (a pool's lazy start behind its status word).
// Counter loops (CompareAndSwap(old, old+1)) claim nothing: their states
// are not constants.

// Claimed returns the claims held at instr, an instruction of fi: the
// success branches of constant CompareAndSwaps of a word that dominate
// it with no atomic write of the word on the way.
func (r *Result) Claimed(fi *gate.FuncInfo, instr ssa.Instruction) []*gate.Holding {
	r.mu.Lock()
	cs, ok := r.claims[fi.Fn]
	if !ok {
		cs = findClaims(fi)
		r.claims[fi.Fn] = cs
	}
	r.mu.Unlock()
	var out []*gate.Holding
	for _, c := range cs {
		if c.held[instr] {
			out = append(out, c.h)
		}
	}
	return out
}

// A claim is one claiming CompareAndSwap and the instructions it holds.
type claim struct {
	h    *gate.Holding
	held map[ssa.Instruction]bool
}

// findClaims returns fi's claims.
func findClaims(fi *gate.FuncInfo) []claim {
	var out []claim
	for _, b := range fi.Fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			word, op, args, ok := atomicOp(&call.Call)
			if !ok || op != "CompareAndSwap" || len(args) != 2 || !distinctConsts(args[0], args[1]) {
				continue
			}
			ref, ok := fi.Ref(word)
			if !ok || !ref.Crosses() {
				continue
			}
			success := successOf(call)
			if success == nil {
				continue
			}
			h := &gate.Holding{GateOp: gate.GateOp{Gate: ref, Kind: known.Claim, Mode: known.Exclusive}, Pos: call.Pos(), What: "CompareAndSwap"}
			out = append(out, claim{h: h, held: claimedRegion(fi, success, ref.Key())})
		}
	}
	return out
}

// atomicOp reads c as an operation of sync/atomic on a word: the word's
// address, the operation (CompareAndSwap, Store, Swap, Add, And, Or,
// Load) and its other arguments. Both the functions
// (atomic.StoreInt32(&w, 1)) and the methods of the atomic types
// (w.Store(1)) count.
func atomicOp(c *ssa.CallCommon) (ssa.Value, string, []ssa.Value, bool) {
	fn := c.StaticCallee()
	if fn == nil || known.PkgPath(fn) != "sync/atomic" || len(c.Args) == 0 {
		return nil, "", nil, false
	}
	name := fn.Name()
	if o := fn.Origin(); o != nil {
		name = o.Name()
	}
	for _, op := range []string{"CompareAndSwap", "Store", "Swap", "Add", "And", "Or", "Load"} {
		if strings.HasPrefix(name, op) {
			return c.Args[0], op, c.Args[1:], true
		}
	}
	return nil, "", nil, false
}

// distinctConsts reports whether a and b are two different constants.
func distinctConsts(a, b ssa.Value) bool {
	ka, ok := a.(*ssa.Const)
	kb, ok2 := b.(*ssa.Const)
	if !ok || !ok2 || ka.Value == nil || kb.Value == nil || ka.Value.Kind() != kb.Value.Kind() {
		return false
	}
	return !constant.Compare(ka.Value, token.EQL, kb.Value)
}

// successOf returns the block that runs only when call, a
// CompareAndSwap, succeeded: the branch of the If that tests its result
// (or its negation), when nothing else enters that branch.
func successOf(call *ssa.Call) *ssa.BasicBlock {
	for _, r := range *call.Referrers() {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op != token.NOT || len(*r.Referrers()) != 1 {
				continue
			}
			if ifi, ok := (*r.Referrers())[0].(*ssa.If); ok {
				return only(ifi.Block(), 1)
			}
		case *ssa.If:
			return only(r.Block(), 0)
		}
	}
	return nil
}

// only returns b's successor i when b alone enters it.
func only(b *ssa.BasicBlock, i int) *ssa.BasicBlock {
	s := b.Succs[i]
	if len(s.Preds) != 1 || b.Succs[0] == b.Succs[1] {
		return nil
	}
	return s
}

// claimedRegion returns the instructions the claim whose success branch
// is success holds: those success dominates that no atomic write of the
// word (key) may precede on the way from it.
func claimedRegion(fi *gate.FuncInfo, success *ssa.BasicBlock, key string) map[ssa.Instruction]bool {
	// released[b]: some path from success reaches b's start after a write.
	released := make(map[*ssa.BasicBlock]bool)
	writeAt := make(map[*ssa.BasicBlock]int) // the first write's index in b
	for _, b := range fi.Fn.Blocks {
		if !success.Dominates(b) {
			continue
		}
		for i, instr := range b.Instrs {
			if writes(fi, instr, key) {
				writeAt[b] = i
				break
			}
		}
	}
	var from []*ssa.BasicBlock
	for b := range writeAt {
		from = append(from, b.Succs...)
	}
	for len(from) > 0 {
		b := from[len(from)-1]
		from = from[:len(from)-1]
		if released[b] || !success.Dominates(b) {
			continue
		}
		released[b] = true
		from = append(from, b.Succs...)
	}
	held := make(map[ssa.Instruction]bool)
	for _, b := range fi.Fn.Blocks {
		if !success.Dominates(b) || released[b] {
			continue
		}
		end := len(b.Instrs)
		if i, ok := writeAt[b]; ok {
			end = i
		}
		for _, instr := range b.Instrs[:end] {
			held[instr] = true
		}
	}
	return held
}

// writes reports whether instr is an atomic write of the word key names
// (a deferred one writes at the return, not here).
func writes(fi *gate.FuncInfo, instr ssa.Instruction, key string) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	word, op, _, ok := atomicOp(&call.Call)
	if !ok || op == "Load" {
		return false
	}
	r, ok := fi.Ref(word)
	return ok && r.Key() == key
}
