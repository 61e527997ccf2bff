package cfg

import "golang.org/x/tools/go/ssa"

// Dataflow is a forward dataflow problem over the blocks of a function,
// whose states at block entries are of type S (a pointer to a mutable
// state, typically). Solve runs it to its fixpoint.
type Dataflow[S any] struct {
	// Entry is the state on entry to the function's first block. Solve
	// works on a clone of it.
	Entry S
	// Transfer runs block b from in, a clone of the block's entry state
	// that it may change, and returns the states b passes to its
	// successors: one per successor (an If that sends each branch its
	// own), or one for them all. Solve owns the states it returns.
	Transfer func(b *ssa.BasicBlock, in S) []S
	// Join merges src into dst, the entry state of a block already
	// reached, and reports whether dst changed.
	Join func(dst, src S) bool
	// Clone returns a copy of s that can change without changing s.
	Clone func(s S) S
	// Start is the block the flow enters with Entry; the function's
	// first block when nil.
	Start *ssa.BasicBlock
	// Follow, when set, says which edges the flow follows (besides
	// those Taken allows): a region of the function, such as a loop's
	// body run once from its header.
	Follow func(from, to *ssa.BasicBlock) bool
}

// Solve runs the dataflow over fn's blocks to its fixpoint and returns
// the state at each block's entry, by block index; the zero S for the
// blocks no path reaches. A successor that an If on a constant never
// takes (Taken) is not followed: if false { … } is dead code. Blocks are
// visited in worklist order, first in first out, each queued once at a
// time, from the first block; a block's entry state is the first state
// that reaches it, joined with each later one.
func (p Dataflow[S]) Solve(fn *ssa.Function) []S {
	in := make([]S, len(fn.Blocks))
	if len(fn.Blocks) == 0 {
		return in
	}
	start := p.Start
	if start == nil {
		start = fn.Blocks[0]
	}
	reached := make([]bool, len(fn.Blocks))
	queued := make([]bool, len(fn.Blocks))
	in[start.Index], reached[start.Index], queued[start.Index] = p.Clone(p.Entry), true, true
	work := []*ssa.BasicBlock{start}
	for len(work) > 0 {
		b := work[0]
		work = work[1:]
		queued[b.Index] = false
		outs := p.Transfer(b, p.Clone(in[b.Index]))
		// One state for several successors: each one it is the first
		// state of gets a clone of its own.
		shared := len(outs) == 1 && len(b.Succs) > 1
		for i, succ := range b.Succs {
			if !Taken(b, i) || p.Follow != nil && !p.Follow(b, succ) {
				continue
			}
			out := outs[0]
			if len(outs) > 1 {
				out = outs[i]
			}
			changed := true
			if !reached[succ.Index] {
				if shared {
					out = p.Clone(out)
				}
				in[succ.Index], reached[succ.Index] = out, true
			} else {
				changed = p.Join(in[succ.Index], out)
			}
			if changed && !queued[succ.Index] {
				queued[succ.Index] = true
				work = append(work, succ)
			}
		}
	}
	return in
}
