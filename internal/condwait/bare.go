package condwait

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
)

// A BareWait is a call of sync.Cond.Wait that an if decides and nothing
// re-checks: if !ready { c.Wait() }, then on as if ready. Wait returns
// whenever another goroutine signals or broadcasts, not when the
// condition holds.
type BareWait struct {
	Call *ssa.Call
	If   *ssa.If // the test that decides the Wait
}

// BareWaits returns fi's bare waits whose code after the Wait relies on
// the tested condition (see relies.go). A Wait with no if before it (wait
// for the next signal, whatever it says) is not one, nor a Wait after
// which the test runs again, as in a loop.
func BareWaits(fi *gate.FuncInfo) []BareWait {
	var out []BareWait
	for _, call := range waitCalls(fi.Fn) {
		b := call.Block()
		ifi := decidingIf(b)
		if ifi == nil || cfg.Reachable(b, cfg.Succs)[ifi.Block()] {
			continue
		}
		keys := tested(fi, ifi.Cond)
		if k, ok := condLocation(fi, call); ok {
			// A test of whether there is a Cond to wait on (if
			// p.wait != nil) is no state the waiter waits for.
			delete(keys, k)
		}
		if relies(fi, call, keys) {
			out = append(out, BareWait{Call: call, If: ifi})
		}
	}
	return out
}

// condLocation returns the key of the location the Wait's Cond is loaded
// from (p.wait in p.wait.Wait(), for a wait *sync.Cond), if it is.
func condLocation(fi *gate.FuncInfo, call *ssa.Call) (string, bool) {
	load, ok := call.Call.Args[0].(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return "", false
	}
	return locationKey(fi, load.X)
}

// decidingIf returns the nearest If above b, in the dominator tree, that
// decides whether b runs: one of its branches leads to b and the other
// goes around it and joins the code after it. An If whose other branch
// leaves (an early return) does not decide the Wait, it only guards it.
func decidingIf(b *ssa.BasicBlock) *ssa.If {
	after := cfg.Reachable(b, cfg.Succs)
	for d := b.Idom(); d != nil; d = d.Idom() {
		ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		for i, s := range d.Succs {
			if s.Dominates(b) && joinsAround(d.Succs[1-i], b, after) {
				return ifi
			}
		}
	}
	return nil
}

// joinsAround reports whether s reaches one of the blocks after b
// without passing through b.
func joinsAround(s, b *ssa.BasicBlock, after map[*ssa.BasicBlock]bool) bool {
	seen := map[*ssa.BasicBlock]bool{b: true}
	work := []*ssa.BasicBlock{s}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[x] {
			continue
		}
		if after[x] {
			return true
		}
		seen[x] = true
		work = append(work, x.Succs...)
	}
	return false
}
