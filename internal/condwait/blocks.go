package condwait

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/facts"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// A Block says that a function, which has no context, may block in a
// Cond.Wait loop with no way out: a caller with a context cannot cancel
// it.
type Block struct {
	Chain []gate.Hop // from the function's calls down to the Wait
}

// BlockFact carries an exported function's Blocks to importing
// packages, in the package's BlockFacts.
type BlockFact struct{ Blocks []Block }

// BlockFacts is the Cond model's package fact: the BlockFacts of the
// package's exported functions that may block.
type BlockFacts struct{ facts.Book[BlockFact] }

// AFact marks BlockFacts as an analysis fact.
func (*BlockFacts) AFact() {}

func (*BlockFact) String() string { return "blocks in Cond.Wait" }

// BlocksOf returns fn's Blocks: from this package's functions, or from
// the fact of another package's.
func (r *Result) BlocksOf(fn *ssa.Function) []Block { return r.blocks.Of(fn) }

// newBlocks returns the table of the functions' Blocks.
func (r *Result) newBlocks() *facts.Table[[]Block, BlockFact] {
	return facts.NewTable[BlockFacts](r.pass, facts.Spec[[]Block, BlockFact]{
		Derive: gate.Deriving(r.gates, r.deriveBlocks),
		Export: func(blocks []Block) (*BlockFact, bool) { return &BlockFact{Blocks: blocks}, len(blocks) > 0 },
		Import: func(f *BlockFact) []Block { return f.Blocks },
	})
}

// deriveBlocks returns fi's Blocks: its own Wait loops with no way out,
// and its callees', when it has no context to observe.
func (r *Result) deriveBlocks(fi *gate.FuncInfo) []Block {
	if _, _, ok := ContextInScope(fi.Fn); ok || lifecycle(fi.Fn) {
		return nil
	}
	for _, w := range r.waits[fi.Fn] {
		if !w.WayOut {
			return []Block{{Chain: []gate.Hop{r.hop(fi, "(*sync.Cond).Wait", w.Call.Pos())}}}
		}
	}
	if calls := r.BlockingCalls(fi); len(calls) > 0 {
		c := calls[0]
		hop := r.hop(fi, naming.CalleeName(c.Callee, r.pass.Pkg.Path()), c.Call.Pos())
		return []Block{{Chain: gate.Prepend(hop, c.Blocks[0].Chain)}}
	}
	return nil
}

// A BlockingCall is a call of a function that may block in a Wait with
// no way out (see Block).
type BlockingCall struct {
	Call   *ssa.Call
	Callee *ssa.Function
	Blocks []Block
}

// BlockingCalls returns fi's calls of functions that may block in a Wait.
func (r *Result) BlockingCalls(fi *gate.FuncInfo) []BlockingCall {
	var out []BlockingCall
	for call, cal := range fi.StaticCalls() {
		if blocks := r.BlocksOf(cal.Fn); len(blocks) > 0 {
			out = append(out, BlockingCall{Call: call, Callee: cal.Fn, Blocks: blocks})
		}
	}
	return out
}

// hop is the step of a chain at the operation go/ssa placed at pos.
func (r *Result) hop(fi *gate.FuncInfo, what string, at token.Pos) gate.Hop {
	pos, end := fi.Span(at)
	return gate.NewHop(r.pass.Fset, what, pos, end)
}

// lifecycle reports whether fn stops or closes something (Stop,
// GracefulStop, Close, Shutdown): such calls are meant to block until
// what they stop has drained, which they themselves set off, and a
// caller with a context maps its cancellation onto them.
func lifecycle(fn *ssa.Function) bool {
	for _, w := range naming.Words(fn.Name()) {
		switch w {
		case "stop", "close", "shutdown", "drain":
			return true
		}
	}
	return false
}
