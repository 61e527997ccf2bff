package condwait

import (
	"go/token"
	"go/types"
	"iter"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A Wait is a call of sync.Cond.Wait inside a loop, with what the loop
// can see: a context, or a way out that another goroutine can open (a
// shutdown flag, the clock).
type Wait struct {
	Call *ssa.Call
	Cond ssa.Value // the *sync.Cond
	// ObservesContext is set when an instruction of the loop uses a
	// context value (ctx.Err(), ctx.Done(), passing ctx on), itself or in
	// a function of the package it calls (a condition literal that
	// checks ctx.Err()).
	ObservesContext bool
	// WayOut is set when a test that leaves the loop depends on a bool
	// that the package writes elsewhere (q.shuttingDown, an atomic
	// flag) or on the clock, or when the loop waits for work already
	// under way (see progress.go), or for the work counted in to count
	// itself out, as sync.WaitGroup's Wait does (join.go), or for the
	// holders of a gate built on the Cond to leave (cgate.go).
	WayOut bool
	// Slot is set, for a loop with no way out, when the loop waits for a
	// slot of a bounded pool (see slot.go): what it waits for comes back
	// when a holder gives its slot back, as a semaphore's permits do.
	Slot bool
}

// findWaits finds fi's Wait loops.
func (r *Result) findWaits(fi *gate.FuncInfo) []Wait {
	var out []Wait
	for _, call := range waitCalls(fi.Fn) {
		if !fi.Reached(call.Block()) {
			continue // on a branch the package's values rule out
		}
		loop := cfg.LoopOf(call.Block())
		if loop == nil {
			continue // a Wait outside a loop is condloop's business
		}
		w := Wait{Call: call, Cond: call.Call.Args[0]}
		for lb := range loop {
			for _, li := range lb.Instrs {
				if usesContext(li) || callsWithContext(li, 0) {
					w.ObservesContext = true
				}
			}
		}
		for ifi := range exits(loop) {
			if r.wayOut(ifi.Cond) || drainsToSnapshot(ifi, loop) {
				w.WayOut = true
			}
		}
		if !w.WayOut && (r.awaitsOwnGoroutine(fi, call) || r.joinsGate(fi, loop, call) || r.joinsWork(fi, loop, call)) {
			w.WayOut = true
		}
		w.Slot = !w.WayOut && takesSlot(fi.Fn, loop)
		out = append(out, w)
	}
	return out
}

// waitCalls returns fn's calls of sync.Cond.Wait.
func waitCalls(fn *ssa.Function) []*ssa.Call {
	var out []*ssa.Call
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok && isCondMethod(&call.Call, "Wait") {
				out = append(out, call)
			}
		}
	}
	return out
}

// isCondMethod reports whether c calls (*sync.Cond).name.
func isCondMethod(c *ssa.CallCommon, name string) bool {
	f := c.StaticCallee()
	if f == nil || f.Name() != name || f.Signature.Recv() == nil || len(c.Args) == 0 {
		return false
	}
	return known.IsNamed(f.Signature.Recv().Type(), "sync", "Cond")
}

// IsWake reports whether c calls Broadcast or Signal on a sync.Cond.
func IsWake(c *ssa.CallCommon) bool {
	return isCondMethod(c, "Broadcast") || isCondMethod(c, "Signal")
}

// exits yields the loop's exit tests: the Ifs that end a block of loop
// with a branch that leaves it.
func exits(loop map[*ssa.BasicBlock]bool) iter.Seq[*ssa.If] {
	return func(yield func(*ssa.If) bool) {
		for b := range loop {
			ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
			if !ok || loop[b.Succs[0]] && loop[b.Succs[1]] {
				continue
			}
			if !yield(ifi) {
				return
			}
		}
	}
}

// usesContext reports whether instr uses a context value: a method call
// on one, or one passed as an argument, or a select on ctx.Done().
func usesContext(instr ssa.Instruction) bool {
	var ops []*ssa.Value
	for _, op := range instr.Operands(ops) {
		if *op != nil && known.IsContext((*op).Type()) {
			return true
		}
	}
	return false
}

// maxCallDepth bounds the calls followed into for a use of a context.
const maxCallDepth = 3

// callsWithContext reports whether instr calls a function of its own
// package (a literal, one the enclosing function made included, or a
// helper) that uses a context, directly or in what it calls in turn.
func callsWithContext(instr ssa.Instruction, depth int) bool {
	call, ok := instr.(*ssa.Call)
	if !ok || depth == maxCallDepth {
		return false
	}
	cal, ok := naming.Resolve(&call.Call)
	if !ok {
		// A literal the enclosing function made and this one captured,
		// by value or by address.
		v := call.Call.Value
		if load, isLoad := v.(*ssa.UnOp); isLoad && load.Op == token.MUL {
			v = load.X
		}
		if fv, isFree := v.(*ssa.FreeVar); isFree {
			if b := naming.Bound(fv); b != nil {
				cal, ok = naming.Target(naming.Captured(b))
			}
		}
	}
	if !ok || cal.Fn.Pkg != instr.Parent().Pkg || len(cal.Fn.Blocks) == 0 {
		return false
	}
	for _, b := range cal.Fn.Blocks {
		for _, x := range b.Instrs {
			if usesContext(x) || callsWithContext(x, depth+1) {
				return true
			}
		}
	}
	return false
}

// wayOut reports whether the loop test v depends on something another
// goroutine can change to let the waiter out: a bool or error field or
// variable that the package writes, an atomic load, or the clock,
// itself or as what a function returns (one of the package, or another
// package's by its fact). A value on a cycle of phis or calls adds
// nothing while it is judged (see settle).
func (r *Result) wayOut(v ssa.Value) bool {
	if out, ok := r.outs[v]; ok {
		return out
	}
	r.outs[v] = false
	r.open++
	out := r.judgeValue(v)
	r.open--
	r.outs[v] = out
	if !out {
		r.unsureValues = append(r.unsureValues, v)
	}
	r.settle(out)
	return out
}

// settle ends a judgement: at the outermost one, the values and
// functions judged no way out during it are so for good when it found
// none (what it reached reaches nothing more), but may have read a
// judgement still under way when it found one: they are judged again
// when asked next. A way out found is one for good.
func (r *Result) settle(found bool) {
	if r.open > 0 {
		return
	}
	if found {
		for _, v := range r.unsureValues {
			delete(r.outs, v)
		}
		for _, f := range r.unsureFuncs {
			delete(r.returnsOut, f)
		}
	}
	r.unsureValues, r.unsureFuncs = r.unsureValues[:0], r.unsureFuncs[:0]
}

// judgeValue answers wayOut for v.
func (r *Result) judgeValue(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL && isFlagType(x.Type()) {
			return r.stored[naming.AddrObject(x.X)]
		}
		return r.wayOut(x.X)
	case *ssa.BinOp:
		return r.wayOut(x.X) || r.wayOut(x.Y)
	case *ssa.Phi:
		return slices.ContainsFunc(x.Edges, r.wayOut)
	case *ssa.Call:
		if f := x.Call.StaticCallee(); f != nil {
			switch known.PkgPath(f) {
			case "sync/atomic", "time":
				return true
			}
		}
		if x.Call.IsInvoke() && clockMethods[x.Call.Method.Name()] {
			return true // an injected clock (k8s.io/utils/clock)
		}
		return slices.ContainsFunc(x.Call.Args, r.wayOut) || r.callsWayOut(x)
	}
	return false
}

// callsWayOut reports whether call returns what wayOut accepts: a call
// of a function of the package (q.stopping(), which reads an atomic
// flag) whose returns it accepts, or of another package's function
// whose fact says so (a fuse's IsBroken).
func (r *Result) callsWayOut(call *ssa.Call) bool {
	f := call.Call.StaticCallee()
	if f != nil && f.Origin() != nil {
		f = f.Origin() // an instance of a generic function: its body
	}
	switch {
	case f == nil:
		return false
	case f.Pkg != nil && f.Pkg.Pkg == r.pass.Pkg:
		return r.returnsWayOut(f)
	}
	return r.stalls.Of(f).WayOut
}

// returnsWayOut reports whether f, a function of the package, returns
// what wayOut accepts, or constants that a test wayOut accepts chooses
// between: an if whose two branches reach returns of different constants
// (switch atomic.LoadUint32(&f.state) { case broken: return true };
// return false). A function on the current call cycle adds nothing
// while it is judged (see settle).
func (r *Result) returnsWayOut(f *ssa.Function) bool {
	if v, ok := r.returnsOut[f]; ok {
		return v
	}
	r.returnsOut[f] = false
	r.open++
	v := r.judgeReturns(f)
	r.open--
	r.returnsOut[f] = v
	if !v {
		r.unsureFuncs = append(r.unsureFuncs, f)
	}
	r.settle(v)
	return v
}

// judgeReturns answers returnsWayOut for f.
func (r *Result) judgeReturns(f *ssa.Function) bool {
	consts := make(map[string]bool)
	for _, b := range f.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			for i := range ret.Results {
				v := naming.Returned(ret, i)
				if c, isConst := v.(*ssa.Const); isConst {
					consts[c.String()] = true
				} else if r.wayOut(v) {
					return true
				}
			}
		}
	}
	if len(consts) < 2 {
		return false // no test chooses between constants
	}
	for _, b := range f.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if ok && r.wayOut(ifi.Cond) && !maps.Equal(returnedFrom(b.Succs[0]), returnedFrom(b.Succs[1])) {
			return true
		}
	}
	return false
}

// returnedFrom returns the constants that the returns reachable from b
// return ("" for a result that is no constant).
func returnedFrom(b *ssa.BasicBlock) map[string]bool {
	out := make(map[string]bool)
	cfg.Forward([]*ssa.BasicBlock{b}, func(b *ssa.BasicBlock) bool {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			for i := range ret.Results {
				c, _ := naming.Returned(ret, i).(*ssa.Const)
				if c != nil {
					out[c.String()] = true
				} else {
					out[""] = true
				}
			}
		}
		return true
	})
	return out
}

// clockMethods are the methods of clock interfaces that tell the time.
var clockMethods = map[string]bool{"Now": true, "Since": true, "Until": true}

// isFlagType reports whether a value of type t can be a shutdown flag:
// a bool, or an error (for !closed, err == nil).
func isFlagType(t types.Type) bool {
	if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
		return true
	}
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// storedObjs returns the fields and package-level variables that funcs
// store to.
func storedObjs(funcs []*ssa.Function) map[types.Object]bool {
	stored := make(map[types.Object]bool)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					if obj := naming.AddrObject(st.Addr); obj != nil {
						stored[obj] = true
					}
				}
			}
		}
	}
	return stored
}
