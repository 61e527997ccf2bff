// Package cfg answers the control-flow questions gatevet's model and
// passes ask of an SSA function: which blocks a block reaches, whether one
// instruction can run after another, what an if decides of a value
// (TestOf), which branch of an if on a constant never runs, whether a
// block lies on a cycle, which loop a block belongs
// to and whether it runs on every pass round it, and where a select
// case's code starts. Dataflow runs a forward
// dataflow over a function's blocks to its fixpoint.
//
// The loop of a block is its innermost natural loop: the blocks of the
// smallest loop whose header dominates them and that contains the block.
// A Wait loop nested in an outer loop is the inner loop only, so the
// outer loop's tests and context uses are not the inner loop's. Cycles
// entered other than through one header (irreducible control flow, from
// goto) have no natural loop; for those, the loop is every block on a
// cycle through the block.
//
// The gate model, the sync.Cond model and the passes all read these
// helpers; none of them walks blocks for these questions on its own.
package cfg

import (
	"go/constant"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Succs returns b's successors, for Reachable.
func Succs(b *ssa.BasicBlock) []*ssa.BasicBlock { return b.Succs }

// Preds returns b's predecessors, for Reachable.
func Preds(b *ssa.BasicBlock) []*ssa.BasicBlock { return b.Preds }

// Reachable returns the blocks reachable from b in one or more steps of
// next (Succs forwards, Preds backwards); b is among them only when it
// lies on a cycle.
func Reachable(b *ssa.BasicBlock, next func(*ssa.BasicBlock) []*ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	seen := make(map[*ssa.BasicBlock]bool)
	work := append([]*ssa.BasicBlock(nil), next(b)...)
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if !seen[x] {
			seen[x] = true
			work = append(work, next(x)...)
		}
	}
	return seen
}

// After reports whether instruction b can run after instruction a in
// their function: later in a's block, or in a block a's block reaches.
// An instruction runs after itself only on a cycle.
func After(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() {
		for _, x := range a.Block().Instrs {
			if x == b {
				break
			}
			if x == a {
				return a != b
			}
		}
	}
	return Reachable(a.Block(), Succs)[b.Block()]
}

// Dominates reports whether instruction a runs before instruction b on
// every path from their function's entry to b: earlier in b's block, or
// in a block that dominates b's.
func Dominates(a, b ssa.Instruction) bool {
	if a.Block() != b.Block() {
		return a.Block().Dominates(b.Block())
	}
	for _, x := range a.Block().Instrs {
		switch x {
		case b:
			return false
		case a:
			return true
		}
	}
	return false
}

// Order answers Dominates for many pairs of instructions of the same
// functions: it numbers a block's instructions the first time one of
// them is compared with another of its block, so a comparison within a
// block costs a map lookup rather than a walk of the block (a package
// initializer's one block can hold tens of thousands). The zero Order
// is ready to use.
type Order struct {
	pos      map[ssa.Instruction]int
	numbered map[*ssa.BasicBlock]bool
}

// Dominates is the package's Dominates, with positions kept in o.
func (o *Order) Dominates(a, b ssa.Instruction) bool {
	if a.Block() != b.Block() {
		return a.Block().Dominates(b.Block())
	}
	return o.index(a) < o.index(b)
}

// index returns x's position in its block, numbering the block first.
func (o *Order) index(x ssa.Instruction) int {
	if b := x.Block(); !o.numbered[b] {
		if o.pos == nil {
			o.pos = make(map[ssa.Instruction]int)
			o.numbered = make(map[*ssa.BasicBlock]bool)
		}
		o.numbered[b] = true
		for i, y := range b.Instrs {
			o.pos[y] = i
		}
	}
	return o.pos[x]
}

// Inevitable reports whether every path from instruction a to the end of
// its function passes through instruction b after a: b later in a's
// block, or a block that every path out of a's block enters (entering
// a block runs its first instruction, and so, but for a panic, all).
func Inevitable(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() && a != b && Dominates(a, b) {
		return true
	}
	if len(a.Block().Succs) == 0 {
		return false
	}
	// A path from a leaves a's block, then runs the blocks it reaches
	// before it enters b's: none of them may end the function.
	next := func(x *ssa.BasicBlock) []*ssa.BasicBlock {
		if x == b.Block() {
			return nil
		}
		return x.Succs
	}
	for _, s := range a.Block().Succs {
		if s == b.Block() {
			continue
		}
		before := Reachable(s, next)
		before[s] = true
		for x := range before {
			if x != b.Block() && len(x.Succs) == 0 {
				return false
			}
		}
	}
	return true
}

// OnEveryReturn reports whether every path from its function's entry to
// a return passes through b. A path that panics returns nothing, so an
// assertion before b (if bad { panic(…) }) does not avoid it; a function
// that defers a call of recover may return from any panic, so none of
// its blocks counts.
func OnEveryReturn(b *ssa.BasicBlock) bool {
	return !recovers(b.Parent()) && OnEveryPlainReturn(b)
}

// OnEveryPlainReturn reports whether every path from its function's
// entry to a return passes through b, leaving out the returns a
// deferred recover makes from a panic.
func OnEveryPlainReturn(b *ssa.BasicBlock) bool {
	entry := b.Parent().Blocks[0]
	if b == entry {
		return true
	}
	next := func(x *ssa.BasicBlock) []*ssa.BasicBlock {
		if x == b {
			return nil
		}
		return x.Succs
	}
	before := Reachable(entry, next)
	before[entry] = true
	for x := range before {
		if x == b || len(x.Instrs) == 0 {
			continue
		}
		if _, ok := x.Instrs[len(x.Instrs)-1].(*ssa.Return); ok {
			return false
		}
	}
	return true
}

// recovers reports whether fn defers a function that calls recover.
func recovers(fn *ssa.Function) bool {
	if fn.Recover == nil {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			d, ok := instr.(*ssa.Defer)
			if !ok {
				continue
			}
			callee := d.Call.StaticCallee()
			if callee == nil {
				continue // a method called through an interface: recover there is rare enough to ignore
			}
			for _, cb := range callee.Blocks {
				for _, ci := range cb.Instrs {
					if c, ok := ci.(*ssa.Call); ok {
						if bi, ok := c.Call.Value.(*ssa.Builtin); ok && bi.Name() == "recover" {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// Taken reports whether b's successor i can run: not the branch that an
// If on a constant condition (if false { … }) never takes.
func Taken(b *ssa.BasicBlock, i int) bool {
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return true
	}
	k, ok := ifi.Cond.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.Bool {
		return true
	}
	return constant.BoolVal(k.Value) == (i == 0)
}

// NonNilOn reports whether v is known not to be nil in block b: b lies
// on the non-nil branch of a dominating v != nil (or v == nil) test.
func NonNilOn(b *ssa.BasicBlock, v ssa.Value) bool { return testedOn(b, v, false) }

// NilOn reports whether v is known to be nil in block b: b lies on the
// nil branch of a dominating v == nil (or v != nil) test, as the code
// after if err != nil { return } does for err.
func NilOn(b *ssa.BasicBlock, v ssa.Value) bool { return testedOn(b, v, true) }

// testedOn reports whether b lies on the branch of a dominating test of
// v against nil on which v is nil (isNil) or is not.
func testedOn(b *ssa.BasicBlock, v ssa.Value, isNil bool) bool {
	for d := b.Idom(); d != nil; d = d.Idom() {
		t, ok := TestOf(d)
		if !ok || t.Value != v || t.Const == nil || !t.Const.IsNil() || d.Succs[0] == d.Succs[1] {
			continue
		}
		branch := t.Other
		if isNil {
			branch = t.Equal
		}
		if Only(branch) && branch.Dominates(b) {
			return true
		}
	}
	return false
}

// A Test is what the If ending a block decides of one value: whether it
// equals a constant (v == k, v != k, nil included), or, for a bool
// tested on its own (if v), whether it is true.
type Test struct {
	Value ssa.Value
	Const *ssa.Const      // nil for a bool tested on its own
	Equal *ssa.BasicBlock // the successor taken when Value equals Const (is true)
	Other *ssa.BasicBlock // the successor taken when it does not
}

// TestOf reads the If that ends b as a Test: false when b ends in none,
// or its condition is a constant (Taken's business) or compares two
// values that are not constants.
func TestOf(b *ssa.BasicBlock) (Test, bool) {
	if len(b.Instrs) == 0 || len(b.Succs) != 2 {
		return Test{}, false
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return Test{}, false
	}
	if _, isConst := ifi.Cond.(*ssa.Const); isConst {
		return Test{}, false
	}
	cmp, isCmp := ifi.Cond.(*ssa.BinOp)
	if !isCmp || cmp.Op != token.EQL && cmp.Op != token.NEQ {
		return Test{Value: ifi.Cond, Equal: b.Succs[0], Other: b.Succs[1]}, true
	}
	v, k := cmp.X, cmp.Y
	if kc, isConst := v.(*ssa.Const); isConst {
		v, k = k, kc
	}
	kc, isConst := k.(*ssa.Const)
	if !isConst {
		return Test{}, false
	}
	t := Test{Value: v, Const: kc, Equal: b.Succs[0], Other: b.Succs[1]}
	if cmp.Op == token.NEQ {
		t.Equal, t.Other = t.Other, t.Equal
	}
	return t, true
}

// Only reports whether b is entered from one block alone: the edge into
// it stands for its branch (a loop header the branch jumps back to
// dominates the code after the test without the test holding there).
func Only(b *ssa.BasicBlock) bool { return len(b.Preds) == 1 }

// Forward visits each block reachable from the blocks from, from
// included, once; visit says whether to go on to the block's successors.
func Forward(from []*ssa.BasicBlock, visit func(*ssa.BasicBlock) bool) {
	ForwardKnowing(from, nil, visit)
}

// Meets reports whether some path from instr, instr included, comes to
// an instruction goal holds of before one stop holds of: a hand-over's
// receive that reaches a return with no release on the way.
func Meets(instr ssa.Instruction, goal, stop func(ssa.Instruction) bool) bool {
	// scan looks at instrs in order: met, stopped, or on to the successors.
	scan := func(instrs []ssa.Instruction) (met, stopped bool) {
		for _, x := range instrs {
			if goal(x) {
				return true, true
			}
			if stop(x) {
				return false, true
			}
		}
		return false, false
	}
	b := instr.Block()
	i := slices.Index(b.Instrs, instr)
	met, stopped := scan(b.Instrs[i:])
	if stopped {
		return met
	}
	Forward(b.Succs, func(s *ssa.BasicBlock) bool {
		if met {
			return false
		}
		m, st := scan(s.Instrs)
		met = m
		return !st
	})
	return met
}

// Known returns the branch conditions decided on every path to b: for
// each block on b's dominator chain that is entered only from an If,
// the If's condition and whether its true branch was taken. A condition
// computed on a cycle can change on the way round, and is left out; an
// SSA value computed once keeps its value on every path on from b.
func Known(b *ssa.BasicBlock) map[ssa.Value]bool {
	known := make(map[ssa.Value]bool)
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		ifi, ok := d.Preds[0].Instrs[len(d.Preds[0].Instrs)-1].(*ssa.If)
		if !ok || ifi.Block().Succs[0] == ifi.Block().Succs[1] {
			continue
		}
		if def, ok := ifi.Cond.(ssa.Instruction); ok && OnCycle(def.Block()) {
			continue
		}
		if _, seen := known[ifi.Cond]; !seen {
			known[ifi.Cond] = d == ifi.Block().Succs[0]
		}
	}
	return known
}

// ForwardKnowing is Forward along the paths on which the conditions in
// known keep their values: at an If on one of them it goes on only to
// the branch the value takes.
func ForwardKnowing(from []*ssa.BasicBlock, known map[ssa.Value]bool, visit func(*ssa.BasicBlock) bool) {
	seen := make(map[*ssa.BasicBlock]bool)
	work := append([]*ssa.BasicBlock(nil), from...)
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if !visit(b) {
			continue
		}
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			if v, decided := known[ifi.Cond]; decided {
				if v {
					work = append(work, b.Succs[0])
				} else {
					work = append(work, b.Succs[1])
				}
				continue
			}
		}
		work = append(work, b.Succs...)
	}
}

// OnCycle reports whether b lies on a cycle of its function.
func OnCycle(b *ssa.BasicBlock) bool { return Reachable(b, Succs)[b] }

// InLoop reports whether instr's block lies on a cycle of its function.
func InLoop(instr ssa.Instruction) bool { return OnCycle(instr.Block()) }

// EveryPass reports whether b runs on every pass round its innermost
// loop: it dominates the source of every back edge of the loop. A block
// on no loop runs on none.
func EveryPass(b *ssa.BasicBlock) bool {
	loop := LoopOf(b)
	if len(loop) == 0 {
		return false
	}
	for p := range loop {
		for _, s := range p.Succs {
			if loop[s] && s.Dominates(p) && !b.Dominates(p) {
				return false
			}
		}
	}
	return true
}

// LoopOf returns the blocks of b's innermost loop (see the package
// comment), or nil when b lies on no cycle.
func LoopOf(b *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	if !OnCycle(b) {
		return nil
	}
	if _, best := innermost(b); best != nil {
		return best
	}
	// Irreducible: every block on a cycle through b.
	back := Reachable(b, Preds)
	loop := make(map[*ssa.BasicBlock]bool)
	for x := range Reachable(b, Succs) {
		if back[x] {
			loop[x] = true
		}
	}
	return loop
}

// LoopHeader returns the header of b's innermost natural loop, or nil
// when b lies on no cycle, or only on an irreducible one.
func LoopHeader(b *ssa.BasicBlock) *ssa.BasicBlock {
	if !OnCycle(b) {
		return nil
	}
	h, _ := innermost(b)
	return h
}

// innermost returns the header and blocks of the smallest natural loop
// that holds b, or nil.
func innermost(b *ssa.BasicBlock) (*ssa.BasicBlock, map[*ssa.BasicBlock]bool) {
	var header *ssa.BasicBlock
	var best map[*ssa.BasicBlock]bool
	for _, h := range b.Parent().Blocks {
		if !h.Dominates(b) {
			continue
		}
		if body := naturalLoop(h); body[b] && (best == nil || len(body) < len(best)) {
			header, best = h, body
		}
	}
	return header, best
}

// naturalLoop returns the natural loop headed by h: h and the blocks that
// reach one of its back edges' tails without passing through h; nil when
// no back edge enters h.
func naturalLoop(h *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	var loop map[*ssa.BasicBlock]bool
	var work []*ssa.BasicBlock
	for _, t := range h.Preds {
		if h.Dominates(t) {
			if loop == nil {
				loop = map[*ssa.BasicBlock]bool{h: true}
			}
			work = append(work, t)
		}
	}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if loop[x] {
			continue
		}
		loop[x] = true
		work = append(work, x.Preds...)
	}
	return loop
}

// SelectCase finds the block where case i of sel starts: the true branch
// of the test that the chosen index equals i.
func SelectCase(sel *ssa.Select, i int) *ssa.BasicBlock {
	for _, r := range *sel.Referrers() {
		ex, ok := r.(*ssa.Extract)
		if !ok || ex.Index != 0 {
			continue
		}
		for _, r := range *ex.Referrers() {
			cmp, ok := r.(*ssa.BinOp)
			if !ok || cmp.Op != token.EQL {
				continue
			}
			k, ok := cmp.Y.(*ssa.Const)
			if !ok || k.Value == nil || k.Value.Kind() != constant.Int {
				continue
			}
			if n, _ := constant.Int64Val(k.Value); int(n) != i {
				continue
			}
			for _, r := range *cmp.Referrers() {
				if ifi, ok := r.(*ssa.If); ok {
					return ifi.Block().Succs[0]
				}
			}
		}
	}
	return nil
}

// Pos returns instr's position or, for an instruction the SSA builder
// gives none (the load of a range loop's element), the position of the
// next instruction in its block that has one: the statement that uses
// what it loads. It is token.NoPos when no later instruction has one.
func Pos(instr ssa.Instruction) token.Pos {
	if p := instr.Pos(); p.IsValid() {
		return p
	}
	b := instr.Block()
	if b == nil {
		return token.NoPos
	}
	after := false
	for _, in := range b.Instrs {
		switch {
		case in == instr:
			after = true
		case after && in.Pos().IsValid():
			return in.Pos()
		}
	}
	return token.NoPos
}

// Returned sees through a function's result variable at a return: in a
// function with defers (or named results), each return statement stores
// its results in the result variables, runs the deferred calls and then
// returns what it loads back. For such a load, Returned gives the value
// the same block stored last before it; otherwise v itself.
func Returned(v ssa.Value) ssa.Value {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	slot, ok := load.X.(*ssa.Alloc)
	if !ok || slot.Heap || !slices.Contains(slot.Parent().Locals, slot) {
		return v
	}
	instrs := load.Block().Instrs
	for i := slices.Index(instrs, ssa.Instruction(load)) - 1; i >= 0; i-- {
		if st, ok := instrs[i].(*ssa.Store); ok && st.Addr == slot {
			return st.Val
		}
	}
	return v
}
