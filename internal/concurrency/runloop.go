package concurrency

import (
	"fmt"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// A run loop is a function that runs on one goroutine per object: each
// way the package calls it is a start of one goroutine for an object
// made on that call, and nothing else enters it. A start is a go
// statement in no loop of its function that runs the loop on such an
// object (its first argument, the receiver of a method), the only one
// on a path that starts the loop on that object (two on exclusive
// branches start one), or a call, in
// no loop, of a func literal that only such a go statement starts and
// that gets the object from its starter. An object made on a call is
// one the starter allocates, or one a constructor of the package it
// calls returns: each of its returns gives an object it allocates (or
// nil). Several starts may run one loop, each on its own objects (a
// client's dial and a server's accept). Everything within a run loop
// runs on that one goroutine, one after the other.
type runLoop struct {
	fn    *ssa.Function
	start ssa.Instruction
}

// runLoops returns the package's run loops.
func (r *Result) runLoops() []runLoop {
	if r.loops != nil {
		return *r.loops
	}
	var out []runLoop
	for _, fi := range r.gates.Funcs {
		for _, s := range fi.Starts() {
			g, ok := s.Instr.(*ssa.Go)
			if !ok || s.Fn == nil || cfg.InLoop(g) || slices.ContainsFunc(out, func(l runLoop) bool { return l.fn == s.Fn }) {
				continue
			}
			if r.startsOnly(s.Fn) {
				out = append(out, runLoop{s.Fn, g})
			}
		}
	}
	r.loops = &out
	return out
}

// startsOnly reports whether every way into fn is a start of one
// goroutine for an object made on that call (see runLoop).
func (r *Result) startsOnly(fn *ssa.Function) bool {
	sites := r.callsOf(fn)
	if len(sites) == 0 || r.entered(fn) {
		return false
	}
	started := make(map[ssa.Value][]*ssa.Go) // the go statements that start fn, by object
	for _, site := range sites {
		if cfg.InLoop(site) {
			return false
		}
		if g, isGo := site.(*ssa.Go); isGo {
			obj, ok := r.startsMade(g)
			if !ok || slices.ContainsFunc(started[obj], func(o *ssa.Go) bool { return cfg.After(o, g) || cfg.After(g, o) }) {
				return false // two goroutines on one object run beside each other
			}
			started[obj] = append(started[obj], g)
			continue
		}
		if len(site.Common().Args) == 0 {
			return false
		}
		obj := site.Common().Args[0]
		// A call in a func literal that a go statement starts: the
		// object is a variable it captures, made by its starter.
		lit := site.Parent()
		if load, ok := obj.(*ssa.UnOp); ok && load.Op == token.MUL {
			obj = load.X // a variable captured by address
		}
		fv, ok := obj.(*ssa.FreeVar)
		if !ok || lit.Parent() == nil || r.entered(lit) {
			return false
		}
		starts := r.callsOf(lit)
		if len(starts) != 1 || cfg.InLoop(starts[0]) {
			return false
		}
		g, isGo := starts[0].(*ssa.Go)
		mc, isClosure := g.Call.Value.(*ssa.MakeClosure)
		if !isGo || !isClosure {
			return false
		}
		bound := mc.Bindings[slices.Index(lit.FreeVars, fv)]
		if !r.madeOnCall(g.Parent(), captured(bound), 0) {
			return false
		}
	}
	return true
}

// startsMade returns the object made on this call of its function that
// go statement g starts its function on: its first argument, or, for a
// func literal, a variable it captures.
func (r *Result) startsMade(g *ssa.Go) (ssa.Value, bool) {
	if mc, ok := g.Call.Value.(*ssa.MakeClosure); ok {
		for _, b := range mc.Bindings {
			if v := captured(b); r.madeOnCall(g.Parent(), v, 0) {
				return v, true
			}
		}
		return nil, false
	}
	args := g.Call.Args
	if len(args) > 0 && r.madeOnCall(g.Parent(), args[0], 0) {
		return args[0], true
	}
	return nil, false
}

// captured returns the value a closure binding holds: the variable's
// one stored value when it is captured by address (nil when it is
// stored more than once), or the binding.
func captured(b ssa.Value) ssa.Value {
	a, ok := b.(*ssa.Alloc)
	if !ok {
		return b
	}
	var val ssa.Value
	for _, u := range *a.Referrers() {
		if st, ok := u.(*ssa.Store); ok && st.Addr == a {
			if val != nil {
				return nil
			}
			val = st.Val
		}
	}
	return val
}

// madeOnCall reports whether v, a value of fn, is an object made on each
// call of fn: fn allocates it, or a constructor of the package that fn
// calls returns it (see runLoop).
func (r *Result) madeOnCall(fn *ssa.Function, v ssa.Value, depth int) bool {
	switch v := v.(type) {
	case *ssa.Alloc:
		return v.Heap && v.Parent() == fn
	case *ssa.Call:
		return r.constructs(v, 0, depth)
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			return r.constructs(call, v.Index, depth)
		}
	}
	return false
}

// MadeHere reports whether the object at the root of ref, in fi's terms,
// is made on each call of fi: fi allocates it, or a constructor of the
// package it calls returns it (see runLoop). Not a reason for anything
// on its own: the object may be published before the point asked about.
func (r *Result) MadeHere(fi *gate.FuncInfo, ref naming.Ref) bool {
	if ref.Root != naming.Local || slices.ContainsFunc(ref.Path, func(s string) bool { return s == naming.Deref || naming.IsElemStep(s) }) {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.madeOnCall(fi.Fn, fi.LocalValue(ref), 0)
}

// constructs reports whether call's result i is an object the callee, a
// function of the package, makes on each call: each of its returns
// gives one (or nil).
func (r *Result) constructs(call *ssa.Call, i, depth int) bool {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != r.pkg || callee.Blocks == nil || depth == maxDepth {
		return false
	}
	returns := 0
	for _, b := range callee.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || i >= len(ret.Results) {
			continue
		}
		if k, isConst := ret.Results[i].(*ssa.Const); isConst && k.IsNil() {
			continue
		}
		if !r.madeOnCall(callee, ret.Results[i], depth+1) {
			return false
		}
		returns++
	}
	return returns > 0
}

// sameLoop reports whether a and b both run only within one run loop
// (see runLoop): on one goroutine per object, one after the other.
func (r *Result) sameLoop(fa *gate.FuncInfo, a ssa.Instruction, fb *gate.FuncInfo, b ssa.Instruction) (Reason, bool) {
	ra, rb := runsIn(fa, a), runsIn(fb, b)
	for _, l := range r.runLoops() {
		if r.extents.within(ra, l.fn) && r.extents.within(rb, l.fn) {
			what := fmt.Sprintf("runs only on the goroutine started at %s, as the other does: %s runs one per object, and nothing else calls it",
				gate.PosText(r.fset, l.start.Pos()), naming.CalleeName(l.fn, r.pkg))
			return Reason{Pos: l.start.Pos(), What: what}, true
		}
	}
	return Reason{}, false
}

// runsIn returns the function whose extent holds what point a in fa
// does: the goroutine's function when a starts one (a go statement, or
// a group's Go).
func runsIn(fa *gate.FuncInfo, a ssa.Instruction) *ssa.Function {
	if g, ok := a.(*ssa.Go); ok {
		if cal, ok := naming.Resolve(&g.Call); ok {
			return cal.Fn
		}
	}
	if s, ok := fa.StartAt(a); ok && s.Fn != nil {
		return s.Fn
	}
	return fa.Fn
}
