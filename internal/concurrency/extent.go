package concurrency

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Extents: where the package's functions can run. A function runs
// within d when every way it can be called passes through a call of d,
// on d's goroutine: what it does, it does while d has not returned.
// The ways in are the package's calls and defers, static, settled
// (gate.Result.DynamicCallSites) or through an interface the method's
// type implements (gate.Result.Invokes); everything else makes a
// function a root, run from outside any of the package's own calls:
// exported functions, exported methods of types whose values get to
// other packages (gate.Result.Outside), functions whose value escapes or
// that no call reaches (callbacks, tables the model does not follow),
// and the functions go statements start (each on a goroutine of its
// own). An exported method of an unexported type that only the
// package holds runs at the package's calls: a run loop's helper object
// reached through an interface of the package's own runs on the loop.

// extents answers within for one package; its maps fill as asked.
type extents struct {
	succs map[*ssa.Function][]*ssa.Function // static calls and defers, caller to callee
	roots []*ssa.Function
	// outside holds, for a function d, the functions that can run
	// outside every call of d: reached from a root other than d by calls
	// that do not pass through d.
	outside map[*ssa.Function]map[*ssa.Function]bool
	// inside holds, for d, the functions calls of d lead to.
	inside map[*ssa.Function]map[*ssa.Function]bool
	// preds and isRoot invert succs and roots, once asked (callers).
	preds  map[*ssa.Function][]*ssa.Function
	isRoot map[*ssa.Function]bool
}

// callers returns, for each function, its callers by static calls and
// defers, and the set of roots.
func (e *extents) callers() (map[*ssa.Function][]*ssa.Function, map[*ssa.Function]bool) {
	if e.preds == nil {
		e.preds = make(map[*ssa.Function][]*ssa.Function)
		for from, tos := range e.succs {
			for _, to := range tos {
				e.preds[to] = append(e.preds[to], from)
			}
		}
		e.isRoot = make(map[*ssa.Function]bool, len(e.roots))
		for _, fn := range e.roots {
			e.isRoot[fn] = true
		}
	}
	return e.preds, e.isRoot
}

// newExtents reads the package's calls from the gate model.
func (r *Result) newExtents() *extents {
	e := &extents{succs: make(map[*ssa.Function][]*ssa.Function), outside: make(map[*ssa.Function]map[*ssa.Function]bool),
		inside: make(map[*ssa.Function]map[*ssa.Function]bool)}
	for _, fn := range r.gates.Analysed() {
		root := r.entered(fn)
		called := false
		for _, site := range r.callsOf(fn) {
			if _, isGo := site.(*ssa.Go); isGo {
				root = true
				continue
			}
			called = true
			e.succs[site.Parent()] = append(e.succs[site.Parent()], fn)
		}
		if root || !called {
			e.roots = append(e.roots, fn)
		}
	}
	return e
}

// callsOf returns the package's calls that may run fn: static, settled,
// and through interfaces (gate.Result.Invokes).
func (r *Result) callsOf(fn *ssa.Function) []ssa.CallInstruction {
	sites := append(slices.Clip(r.gates.CallSites(fn)), r.gates.DynamicCallSites(fn)...)
	if !generic(fn) {
		sites = append(sites, r.gates.Invokes(fn)...)
	}
	return sites
}

// entered reports whether fn can run other than at the package's
// calls: its value escapes; it is an exported function; or it is an
// exported method of a type whose values get to other packages
// (gate.Result.Outside). A method of a generic type, whose instances
// are not followed, is entered when the package calls a method of its
// name through an interface.
func (r *Result) entered(fn *ssa.Function) bool {
	if r.gates.Escapes(fn) {
		return true
	}
	obj := fn.Object()
	if fn.Parent() != nil || obj == nil {
		return false
	}
	recv := fn.Signature.Recv()
	if recv == nil {
		return obj.Exported()
	}
	if generic(fn) {
		return obj.Exported() || r.gates.Invoked(fn.Name())
	}
	tn := naming.TypeNameOf(recv.Type())
	return obj.Exported() && (tn == nil || r.gates.Outside(tn))
}

// generic reports whether fn is a method of a generic type.
func generic(fn *ssa.Function) bool {
	recv := fn.Signature.Recv()
	if recv == nil {
		return false
	}
	n, ok := types.Unalias(known.PointerElem(recv.Type())).(*types.Named)
	return ok && n.Origin().TypeParams().Len() > 0
}

// within reports whether f runs only inside calls of d (f == d
// included): d reaches it, and no root reaches it but through d.
func (e *extents) within(f, d *ssa.Function) bool {
	if f == d {
		return true
	}
	out, ok := e.outside[d]
	if !ok {
		var others []*ssa.Function
		for _, fn := range e.roots {
			if fn != d {
				others = append(others, fn)
			}
		}
		out = e.reach(others, func(fn *ssa.Function) bool { return fn == d })
		e.outside[d] = out
	}
	in, ok := e.inside[d]
	if !ok {
		in = e.reach([]*ssa.Function{d}, nil)
		e.inside[d] = in
	}
	return !out[f] && in[f]
}

// reach returns the functions that calls from the functions from lead
// to, from included, through calls to no function skip holds (nil: none).
func (e *extents) reach(from []*ssa.Function, skip func(*ssa.Function) bool) map[*ssa.Function]bool {
	seen := make(map[*ssa.Function]bool)
	stack := append([]*ssa.Function(nil), from...)
	for len(stack) > 0 {
		fn := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[fn] {
			continue
		}
		seen[fn] = true
		for _, c := range e.succs[fn] {
			if skip == nil || !skip(c) {
				stack = append(stack, c)
			}
		}
	}
	return seen
}
