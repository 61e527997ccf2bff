package gate

import (
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/known"
)

// MayReturnHolding reports whether some path of fi takes a gate that
// match accepts (itself, or through a callee that returns holding it)
// and reaches a return without releasing it: a Begin that returns the
// lock held on success. A deferred release of such a gate releases it
// on every path. The must-held dataflow answers "on every path"; this
// asks "on some".
func (fi *FuncInfo) MayReturnHolding(match func(GateOp) bool) bool {
	fs := fi.fs
	if fs == nil {
		return false
	}
	for instr, es := range fs.effects {
		if _, deferred := instr.(*ssa.Defer); deferred {
			for _, e := range es {
				if e.op == known.Release && match(e.gate) {
					return false
				}
			}
		}
	}
	step := func(b *ssa.BasicBlock, held bool) bool {
		for _, instr := range b.Instrs {
			if _, deferred := instr.(*ssa.Defer); deferred || starts(instr) {
				continue
			}
			for _, e := range fs.effects[instr] {
				switch {
				case !match(e.gate):
				case e.op == known.Release:
					held = false
				case e.op == known.Acquire && e.hold:
					held = true
				}
			}
		}
		return held
	}
	in := cfg.Dataflow[*bool]{
		Entry:    new(bool),
		Transfer: func(b *ssa.BasicBlock, st *bool) []*bool { *st = step(b, *st); return []*bool{st} },
		Join: func(dst, src *bool) bool {
			changed := *src && !*dst
			*dst = *dst || *src
			return changed
		},
		Clone:  func(s *bool) *bool { c := *s; return &c },
		Follow: fs.paths.Follow,
	}.Solve(fs.fn)
	for _, b := range fs.fn.Blocks {
		if _, ret := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ret && in[b.Index] != nil && step(b, *in[b.Index]) {
			return true
		}
	}
	return false
}

// ReleasesAfter reports whether fi's function releases the gate of key
// (Ref.Key) after call, or defers its release: it takes up what the
// callee may leave held.
func (fi *FuncInfo) ReleasesAfter(call ssa.Instruction, key string) bool {
	for _, e := range fi.Events() {
		if e.Op == known.Release && e.Gate.Key() == key && (e.Deferred || cfg.After(call, e.Instr)) {
			return true
		}
	}
	return false
}
