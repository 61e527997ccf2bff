package doublerelease

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
)

// ahead is what every path from a point of the function meets first of
// its gate's operations: a release of the function's own (sure), or
// anything else (fail): an acquire, a callee's operation, a store that
// may give the gate's name to another gate, a return, a panic or a call
// that may not come back with no release before it.
// none means no path from the point ends, so far.
type ahead struct {
	state aheadState
	rel   *gate.Event
	at    ssa.Instruction // where rel runs (the RunDefers of a deferred one)
}

type aheadState uint8

const (
	none aheadState = iota
	sure
	fail
)

// meet merges what two sets of paths meet first.
func meet(a, b ahead) ahead {
	switch {
	case a.state == none:
		return b
	case b.state == none || a.state == sure && b.state == sure && a.rel == b.rel:
		return a
	}
	return ahead{state: fail}
}

// ahead returns, for each block the dataflow reached, what every path
// from its entry meets first; atDefers are the states before each
// RunDefers, which say what deferred operations run there.
func (fl *flow) ahead(atDefers map[ssa.Instruction]*gateState) []ahead {
	in := make([]ahead, len(fl.fn.Blocks))
	var work []*ssa.BasicBlock
	queued := make([]bool, len(fl.fn.Blocks))
	for _, b := range fl.fn.Blocks {
		if fl.in[b.Index] != nil {
			work = append(work, b)
			queued[b.Index] = true
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		queued[b.Index] = false
		v := fl.back(b.Instrs, fl.exit(b, in), atDefers)
		if v.state == in[b.Index].state && v.rel == in[b.Index].rel {
			continue // the values only grow: none, then one release, then fail
		}
		in[b.Index] = v
		for _, p := range b.Preds {
			if fl.in[p.Index] != nil && !queued[p.Index] {
				queued[p.Index] = true
				work = append(work, p)
			}
		}
	}
	return in
}

// exit returns what every path from b's end meets first, given in at
// the entries of b's successors.
func (fl *flow) exit(b *ssa.BasicBlock, in []ahead) ahead {
	if len(b.Succs) == 0 {
		return ahead{state: fail} // a return or a panic
	}
	v := ahead{state: none}
	for i, succ := range b.Succs {
		switch s, ok := fl.settle[b]; {
		case !cfg.Taken(b, i):
		case ok && s.succ == i:
			v = meet(v, ahead{state: fail})
		default:
			v = meet(v, in[succ.Index])
		}
	}
	return v
}

// back returns what every path from the start of instrs meets first,
// given v after them.
func (fl *flow) back(instrs []ssa.Instruction, v ahead, atDefers map[ssa.Instruction]*gateState) ahead {
	for i := len(instrs) - 1; i >= 0; i-- {
		instr := instrs[i]
		switch instr.(type) {
		case *ssa.Defer:
			continue
		case *ssa.RunDefers:
			f := atDefers[instr]
			switch {
			case f.mixed:
				v = ahead{state: fail}
			case len(f.defers) > 0:
				v = first(f.defers[len(f.defers)-1], instr)
			}
			continue
		}
		ops := fl.ops[instr]
		for j := len(ops) - 1; j >= 0; j-- {
			v = first(ops[j], instr)
		}
		if len(ops) == 0 && (fl.rebinds[instr] || mayEnd(instr)) {
			v = ahead{state: fail}
		}
	}
	return v
}

// mayEnd reports whether instr calls a function that may end the path
// without returning, when it is called at all: one of the package's own
// functions that can panic or call a function that never returns
// (must(err) calling log.Fatal), or any function handed a test's T, B, F
// or TB (require.NoError(t, err) calling t.Fatal).
func mayEnd(instr ssa.Instruction) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	c := call.Common()
	if c.IsInvoke() && testing(c.Value.Type()) || slices.ContainsFunc(c.Args, func(a ssa.Value) bool { return testing(a.Type()) }) {
		return true
	}
	fn := c.StaticCallee()
	if fn != nil && fn.Origin() != nil {
		fn = fn.Origin()
	}
	if fn == nil || fn.Pkg != instr.Parent().Pkg {
		return false
	}
	return slices.ContainsFunc(fn.Blocks, func(b *ssa.BasicBlock) bool {
		_, panics := b.Instrs[len(b.Instrs)-1].(*ssa.Panic)
		return panics
	})
}

// testing reports whether t is one of package testing's types, or a
// pointer to one.
func testing(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "testing"
}

// first returns what a path meets when e, running at instr, is its first
// operation on the gate.
func first(e *gate.Event, at ssa.Instruction) ahead {
	if e.Op == known.Release && !e.Via {
		return ahead{state: sure, rel: e, at: at}
	}
	return ahead{state: fail}
}
