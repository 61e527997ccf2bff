package condwait

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// A gate built on a Cond. A Wait loop whose function counts itself into
// the state the loop tests (state++, state += 1<<32: a read-modify-write
// of that field) joins the holders of a lock made of the Cond and a
// counter, as Lock does a mutex's: it waits for the holders under way to
// leave. That is a gate's acquire, whatever a context says, when the
// leaving is paired with the entering: some function of the package
// that writes the field and wakes the Cond (unaddRebalance) is called,
// on the same object, by a function that enters (Rebalance: enter,
// defer leave). A counting queue's take (for j.n == 0 { Wait }; j.n--)
// has the same shape, but its Put comes from producers that may never
// call again: no function takes and puts on one queue.

// joinsGate reports whether the Wait loop of fi (its blocks loop, its
// Wait call) is the acquire of a gate built on the Cond.
func (r *Result) joinsGate(fi *gate.FuncInfo, loop map[*ssa.BasicBlock]bool, call *ssa.Call) bool {
	cls, ok := condClass(fi, call.Call.Args[0])
	if !ok {
		return false
	}
	for f := range testedFields(loop) {
		if !countsInto(fi.Fn, f) {
			continue
		}
		for _, rel := range r.gates.Funcs {
			if rel.Fn != fi.Fn && len(storesTo(rel.Fn, f)) > 0 && r.wakesClass(rel, cls) && r.paired(fi.Fn, rel.Fn, false) {
				return true
			}
		}
	}
	return false
}

// testedFields returns the fields and variables that the tests leaving
// loop read.
func testedFields(loop map[*ssa.BasicBlock]bool) map[types.Object]bool {
	out := make(map[types.Object]bool)
	for ifi := range exits(loop) {
		readAddrs(ifi.Cond, func(addr ssa.Value) {
			if obj := naming.AddrObject(addr); obj != nil {
				out[obj] = true
			}
		})
	}
	return out
}

// countsInto reports whether fn stores into f a value computed from f
// itself: f++, f += n, f |= bit.
func countsInto(fn *ssa.Function, f types.Object) bool {
	for _, st := range storesTo(fn, f) {
		if op, ok := st.Val.(*ssa.BinOp); ok && (loadsField(op.X, f) || loadsField(op.Y, f)) {
			return true
		}
	}
	return false
}

// loadsField reports whether v loads f.
func loadsField(v ssa.Value, f types.Object) bool {
	u, ok := v.(*ssa.UnOp)
	return ok && u.Op == token.MUL && naming.AddrObject(u.X) == f
}

// storesTo returns fn's stores into f.
func storesTo(fn *ssa.Function, f types.Object) []*ssa.Store {
	var out []*ssa.Store
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok && naming.AddrObject(st.Addr) == f {
				out = append(out, st)
			}
		}
	}
	return out
}

// maxWrap bounds the wrappers followed from a function to its callers
// (waitAndAddRebalance calls waitAndAddRebalanceMaybeSignal).
const maxWrap = 2

// paired reports whether a function of the package outside its tests
// calls, on one receiver, both a function that reaches enter and one
// that reaches leave (called or deferred; only deferred when deferred
// is set), through up to maxWrap wrappers.
func (r *Result) paired(enter, leave *ssa.Function, deferred bool) bool {
	leaving := r.wrappers(leave)
	for e := range r.wrappers(enter) {
		for _, site := range r.gates.CallSites(e) {
			caller := r.gates.Info(site.Parent())
			if caller == nil || r.gates.InTest(caller) || len(site.Common().Args) == 0 {
				continue
			}
			recv, ok := caller.Ref(site.Common().Args[0])
			if ok && r.leaves(caller, leaving, recv, deferred) {
				return true
			}
		}
	}
	return false
}

// leaves reports whether fi calls or defers (only defers, when deferred
// is set) one of the functions leaving on the receiver recv.
func (r *Result) leaves(fi *gate.FuncInfo, leaving map[*ssa.Function]bool, recv naming.Ref, deferred bool) bool {
	for _, b := range fi.Fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			_, isGo := instr.(*ssa.Go)
			_, isDefer := instr.(*ssa.Defer)
			if !ok || isGo || deferred && !isDefer {
				continue
			}
			cal, ok := naming.Resolve(call.Common())
			if !ok || !leaving[cal.Fn] || len(cal.Args) == 0 {
				continue
			}
			if other, ok := fi.Ref(cal.Args[0]); ok && other.Key() == recv.Key() {
				return true
			}
		}
	}
	return false
}

// wrappers returns fn and the functions that call it, up to maxWrap
// calls away.
func (r *Result) wrappers(fn *ssa.Function) map[*ssa.Function]bool {
	out := map[*ssa.Function]bool{fn: true}
	level := []*ssa.Function{fn}
	for range maxWrap {
		var next []*ssa.Function
		for _, f := range level {
			for _, site := range r.gates.CallSites(f) {
				if p := site.Parent(); !out[p] {
					out[p] = true
					next = append(next, p)
				}
			}
		}
		level = next
	}
	return out
}
