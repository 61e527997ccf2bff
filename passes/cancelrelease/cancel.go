package cancelrelease

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
)

// A cancelCase is a select case that receives from a cancellation
// channel, and the block its body starts in.
type cancelCase struct {
	sel    *ssa.Select
	index  int
	branch *ssa.BasicBlock
	what   string // "ctx.Done()", "time.After", "timer"
}

// cancelCases returns the cancellation cases of fn's blocking selects.
func cancelCases(fn *ssa.Function) []cancelCase {
	var out []cancelCase
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			sel, ok := instr.(*ssa.Select)
			if !ok || !sel.Blocking {
				continue
			}
			for i, st := range sel.States {
				if st.Dir != types.RecvOnly {
					continue
				}
				what := known.Cancellation(st.Chan)
				if what == "" {
					continue
				}
				if branch := cfg.SelectCase(sel, i); branch != nil {
					out = append(out, cancelCase{sel: sel, index: i, branch: branch, what: what})
				}
			}
		}
	}
	return out
}

// waits reports whether instr waits for goroutine s: a receive from a
// channel it was given, a select on such channels only, or a Wait on a
// WaitGroup or errgroup.Group.
func waits(instr ssa.Instruction, s gate.Start) bool {
	switch in := instr.(type) {
	case *ssa.UnOp:
		return in.Op == token.ARROW && s.Given(in.X)
	case *ssa.Select:
		for _, st := range in.States {
			if st.Dir != types.RecvOnly || !s.Given(st.Chan) {
				return false
			}
		}
		return len(in.States) > 0 && in.Blocking
	case *ssa.Call:
		if f := in.Call.StaticCallee(); f != nil && f.Name() == "Wait" && f.Signature.Recv() != nil {
			t := f.Signature.Recv().Type()
			return known.IsNamed(t, "sync", "WaitGroup") || known.IsNamed(t, "golang.org/x/sync/errgroup", "Group")
		}
	}
	return false
}
