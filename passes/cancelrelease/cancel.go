package cancelrelease

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
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
				what := cancellation(st.Chan)
				if what == "" {
					continue
				}
				if branch := caseBlock(sel, i); branch != nil {
					out = append(out, cancelCase{sel: sel, index: i, branch: branch, what: what})
				}
			}
		}
	}
	return out
}

// cancellation names the cancellation channel ch is, or returns "".
func cancellation(ch ssa.Value) string {
	if gate.IsContextDone(ch) {
		return "ctx.Done()"
	}
	switch v := ch.(type) {
	case *ssa.Call:
		c := v.Common()
		if f := c.StaticCallee(); f != nil && f.Pkg != nil && f.Pkg.Pkg.Path() == "time" && (f.Name() == "After" || f.Name() == "Tick") {
			return "time." + f.Name()
		}
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			if st, ok := fa.X.Type().Underlying().(*types.Pointer); ok && fa.Field == 0 {
				if isTimeType(st.Elem()) {
					return "timer"
				}
			}
		}
	}
	return ""
}

// isTimeType reports whether t is time.Timer or time.Ticker, whose
// first field is the channel C.
func isTimeType(t types.Type) bool {
	return gate.IsNamed(t, "time", "Timer") || gate.IsNamed(t, "time", "Ticker")
}

// caseBlock finds the block where case i of sel starts: the true branch
// of the test that the chosen index equals i.
func caseBlock(sel *ssa.Select, i int) *ssa.BasicBlock {
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
			return gate.IsNamed(t, "sync", "WaitGroup") || gate.IsNamed(t, "golang.org/x/sync/errgroup", "Group")
		}
	}
	return false
}
