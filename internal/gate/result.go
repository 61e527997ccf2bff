package gate

import (
	"go/token"
	"go/types"
	"os"
	"slices"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/naming"
)

// Analysed returns the functions of Funcs, in the same order: the
// functions a sub-model's summary table derives (facts.Table.Finish).
func (r *Result) Analysed() []*ssa.Function {
	fns := make([]*ssa.Function, len(r.Funcs))
	for i, fi := range r.Funcs {
		fns[i] = fi.Fn
	}
	return fns
}

// Deriving adapts derive, a sub-model's summary of a function the model
// analysed, to a summary table (facts.Spec.Derive): the package's other
// functions have none. As the core does (analyse), a function the
// sub-model cannot handle gets no summary rather than crashing the run;
// GATEVET_DEBUG=1 lets the panic through.
func Deriving[S any](r *Result, derive func(*FuncInfo) S) func(*ssa.Function) (S, bool) {
	return func(fn *ssa.Function) (sum S, ok bool) {
		fi := r.Info(fn)
		if fi == nil {
			return sum, false
		}
		defer func() {
			if p := recover(); p != nil {
				if os.Getenv("GATEVET_DEBUG") != "" {
					panic(p)
				}
				var zero S
				sum, ok = zero, false
			}
		}()
		return derive(fi), true
	}
}

// Info returns what the model knows of fn, or nil.
func (r *Result) Info(fn *ssa.Function) *FuncInfo { return r.infos[fn] }

// SummaryOf returns fn's summary without analysing anything (passes and
// sub-models run at once and must only read the model): from this
// package's analysis, or from the fact of another package's function.
func (r *Result) SummaryOf(fn *ssa.Function) *Summary {
	return r.m.sums.Of(fn)
}

// Invoked reports whether the package calls a method named name through
// an interface.
func (r *Result) Invoked(name string) bool { return r.graph.invoked[name] }

// IsGateCall reports whether c calls a gate's method (Lock, Acquire, …).
func (r *Result) IsGateCall(c *ssa.CallCommon) bool {
	_, _, _, _, _, ok := r.m.gateCall(c)
	return ok
}

// Reach returns the functions of the package that fi's function runs
// on its own goroutine, itself and its static callees transitively, and
// those it starts as goroutines, directly or through them.
func (r *Result) Reach(fi *FuncInfo) (same, started []*FuncInfo) {
	same = r.closure([]*ssa.Function{fi.Fn}, r.callees(false, false))
	var roots []*ssa.Function
	for _, info := range same {
		roots = append(roots, info.startedFuncs()...)
	}
	return same, r.closure(roots, r.callees(true, false))
}

// closure returns the analysed functions among roots and the functions
// next gives for each, transitively.
func (r *Result) closure(roots []*ssa.Function, next func(*FuncInfo) []*ssa.Function) []*FuncInfo {
	var out []*FuncInfo
	seen := make(map[*ssa.Function]bool)
	for len(roots) > 0 {
		fn := roots[len(roots)-1]
		roots = roots[:len(roots)-1]
		info := r.infos[fn]
		if seen[fn] || info == nil {
			continue
		}
		seen[fn] = true
		out = append(out, info)
		roots = append(roots, next(info)...)
	}
	return out
}

// callees returns, for closure, a function's static callees in the
// package, with starts the functions it starts as goroutines too, and
// with settled the callees of the dynamic calls the package settles.
func (r *Result) callees(starts, settled bool) func(*FuncInfo) []*ssa.Function {
	return func(info *FuncInfo) []*ssa.Function {
		out := r.graph.callees[info.Fn]
		if settled {
			out = append(slices.Clip(out), r.graph.settled[info.Fn]...)
		}
		if starts {
			out = append(slices.Clip(out), info.startedFuncs()...)
		}
		return out
	}
}

// startedFuncs returns the functions fi starts as goroutines, when known.
func (fi *FuncInfo) startedFuncs() []*ssa.Function {
	var out []*ssa.Function
	for _, s := range fi.starts {
		if s.Fn != nil {
			out = append(out, s.Fn)
		}
	}
	return out
}

// CallSites returns the package's static calls of fn.
func (r *Result) CallSites(fn *ssa.Function) []ssa.CallInstruction { return r.graph.calls[fn] }

// DynamicCallSites returns the package's calls of fn that are not
// static but that the package settles: through a func field every store
// sets, an interface only the package's types implement, or a table of
// functions (see dynamic.go).
func (r *Result) DynamicCallSites(fn *ssa.Function) []ssa.CallInstruction { return r.graph.dynamic[fn] }

// SlotCallees returns the package's methods that c, a call through a
// slot (slots.go), may run: those of the types the package only stores
// there. The slot may hold other packages' values too, so they are not
// all the call runs.
func (r *Result) SlotCallees(c *ssa.CallCommon) []*ssa.Function { return r.graph.slotted[c] }

// Fixed reports whether field is set only as its object is made, never
// after (values.Made.Fixed): a mode an instance keeps for good.
func (r *Result) Fixed(field *types.Var) bool { return r.m.made.Fixed(field) }

// Escapes reports whether fn's value leaves the package's control: stored
// where it outlives the call, returned, sent, or passed to code not known
// to run it in place.
func (r *Result) Escapes(fn *ssa.Function) bool { return r.graph.escapes[fn] || r.graph.kept[fn] }

// Kept reports whether fn's value leaves the function that names it only
// into func fields that the package alone calls (see kept.go): fn runs at
// those calls, on the package's own paths, and is entered from nowhere
// else.
func (r *Result) Kept(fn *ssa.Function) bool { return r.graph.kept[fn] && !r.graph.escapes[fn] }

// RootType returns the type of the value at the root of r, a ref in fi's
// terms: a parameter's or free variable's type, the type of a local value
// the function made or loaded, or a pointer to a package-level variable.
// It is nil when r names nothing in fi.
func (fi *FuncInfo) RootType(r naming.Ref) types.Type {
	if fi.fs == nil {
		return naming.RootType(fi.Fn, r)
	}
	return fi.fs.refs.TypeOf(r)
}

// FuncInfo is what the model knows of one function.
type FuncInfo struct {
	Fn       *ssa.Function
	Summary  *Summary
	Acquires []AcquirePoint
	// Handed are the func values that release a gate of the function's
	// and that it hands on (handed.go).
	Handed []HandedRelease
	// Promises are its //gatevet:acquires and releases contracts, which
	// its summary keeps.
	Promises []Promise

	starts []Start

	fs *funcState
	// classes remembers Class by gate key ("" for none).
	classes sync.Map
}

// Span returns the source range of the operation go/ssa placed at pos
// in fi's function: a call's whole expression, for instance.
func (fi *FuncInfo) Span(pos token.Pos) (token.Pos, token.Pos) {
	if fi.fs == nil {
		return pos, pos
	}
	return fi.fs.refs.Span(pos)
}

// Walk calls visit for each instruction of fi's function that the
// dataflow reached, with the must-held gates just before it.
func (fi *FuncInfo) Walk(visit func(instr ssa.Instruction, held Held)) {
	if fi.fs == nil {
		return
	}
	in := fi.fs.in // the fixpoint's entry states, kept
	if fi.fs.flagIn != nil {
		in = fi.fs.flagIn // a lock flag's two runs (lockflag.go)
	}
	fi.fs.replay(in, visit)
}

// Reached reports whether some path of fi's function can run block b:
// not a branch an if on a constant rules out (build configuration
// included), nor one the package's values rule out (package values: a
// settled flag, a field invariant). Of a function the model did not
// analyse, every block is reached.
func (fi *FuncInfo) Reached(b *ssa.BasicBlock) bool {
	fs := fi.fs
	return fs == nil || fs.in == nil || fs.in[b.Index] != nil
}

// Ref names value v as fi's function sees it (see Ref): ok is false when
// v cannot be named.
func (fi *FuncInfo) Ref(v ssa.Value) (naming.Ref, bool) {
	if fi.fs == nil {
		return naming.Ref{}, false
	}
	return fi.fs.refs.Of(v)
}

// LocalValue returns the value at the root of r, a Local ref in fi's
// terms, or nil.
func (fi *FuncInfo) LocalValue(r naming.Ref) ssa.Value {
	if fi.fs == nil {
		return nil
	}
	return fi.fs.refs.LocalValue(r)
}

// Location names the location v addresses (an address, or a map),
// seeing through indexing and slicing: an element of a slice, array or
// map is part of the container's state.
func (fi *FuncInfo) Location(v ssa.Value) (naming.Ref, bool) {
	if fi.fs == nil {
		return naming.Ref{}, false
	}
	return fi.fs.refs.Location(v)
}

// Translate rewrites ref r of a callee into fi's terms at a call whose
// callee, as fi sees it, is cal.
func (fi *FuncInfo) Translate(r naming.Ref, cal naming.Callee) (naming.Ref, bool) {
	if fi.fs == nil {
		return naming.Ref{}, false
	}
	return fi.fs.refs.Translate(r, cal)
}

// TranslateOps rewrites a callee's gates into fi's terms at a call of
// cal, dropping those fi cannot name and those rooted at an argument
// that synchronises itself (sync.Once's mutex guards the Once, not the
// caller's data).
func (fi *FuncInfo) TranslateOps(ops []GateOp, cal naming.Callee) []GateOp {
	if fi.fs == nil {
		return nil
	}
	return fi.fs.translateOps(ops, cal)
}
