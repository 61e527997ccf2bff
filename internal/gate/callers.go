package gate

import (
	"go/token"
	"slices"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/naming"
)

// callersHold answers CallersHold and HeldAt, keeping what it learns:
// the gates held at each call of the functions it walked, and its
// answers.
type callersHold struct {
	mu      sync.Mutex
	heldAt  map[*ssa.Function]map[ssa.Instruction][]*Holding
	answers map[string]bool
	busy    map[string]bool
}

// HeldAt returns the gates held on every path to instr, in caller's
// function (its Walk, kept for each function asked about).
func (r *Result) HeldAt(caller *FuncInfo, instr ssa.Instruction) []*Holding {
	c := &r.callers
	c.mu.Lock()
	defer c.mu.Unlock()
	c.init()
	return r.heldAt(caller, instr)
}

func (c *callersHold) init() {
	if c.heldAt == nil {
		c.heldAt = make(map[*ssa.Function]map[ssa.Instruction][]*Holding)
		c.answers = make(map[string]bool)
		c.busy = make(map[string]bool)
	}
}

// CallersHold reports whether every call of fi's function holds gate g
// (in fi's terms): the function is a helper only the package calls
// (not exported, its value never escapes, no interface call reaches
// it), statically or through a func field the package settles, with at
// least one call, and each call holds g on every
// path to it or is made in such a helper whose callers hold it in turn,
// or in a function whose comment says it need not hold g (Waives).
// Such a helper runs with g held, as if it said //gatevet:holds.
func (r *Result) CallersHold(fi *FuncInfo, g naming.Ref) bool {
	c := &r.callers
	c.mu.Lock()
	defer c.mu.Unlock()
	c.init()
	return r.callersHold(fi, g)
}

func (r *Result) callersHold(fi *FuncInfo, g naming.Ref) bool {
	c := &r.callers
	fn := fi.Fn
	if fn.Synthetic == rangeBody {
		return r.loopHolds(fi, g)
	}
	if !r.PackageOnly(fn) {
		return false
	}
	memo := fn.String() + "|" + g.Key()
	if ok, done := c.answers[memo]; done {
		return ok
	}
	if c.busy[memo] {
		return true // a cycle of helpers: judged by the calls into it
	}
	c.busy[memo] = true
	defer delete(c.busy, memo)
	ok := r.allCallsHold(fi, g)
	c.answers[memo] = ok
	return ok
}

func (r *Result) allCallsHold(fi *FuncInfo, g naming.Ref) bool {
	sites := append(slices.Clip(r.CallSites(fi.Fn)), r.DynamicCallSites(fi.Fn)...)
	if len(sites) == 0 {
		return false
	}
	for _, site := range sites {
		caller := r.Info(site.Parent())
		if _, isCall := site.(*ssa.Call); !isCall || caller == nil {
			return false
		}
		cal, at, ok := r.calleeAt(site, fi.Fn, g)
		if !ok {
			return false
		}
		in, ok := caller.Translate(at, cal)
		if !ok {
			return false
		}
		held := slices.ContainsFunc(r.heldAt(caller, site), func(h *Holding) bool { return h.Gate.Key() == in.Key() })
		if !held && !r.Waives(caller, in) && !r.callersHold(caller, in) {
			return false
		}
	}
	return true
}

// calleeAt returns fn as the call site runs it, with the site's values
// for its parameters, and g (in fn's terms) as the site names it: a
// static call's callee, or the target of a call through a func field the
// package settles (c.handshakeFn(ctx), set to c.serverHandshake: the
// receiver is the object whose field it is; set to an embedder's
// uc.clientHandshake: g below the embedded field is the object's).
func (r *Result) calleeAt(site ssa.CallInstruction, fn *ssa.Function, g naming.Ref) (naming.Callee, naming.Ref, bool) {
	if cal, ok := naming.Resolve(site.Common()); ok {
		return cal, g, cal.Fn == fn
	}
	return r.m.dynamicCallee(site.Common(), fn, g)
}

// rangeBody is how SSA marks the body of a range over a function.
const rangeBody = "range-over-func yield"

// loopHolds reports whether the loop whose range-over-func body is fi's
// function holds g (in fi's terms) around the iterator's call: the body
// runs inside that call, with what the loop's function holds there, or
// its callers.
func (r *Result) loopHolds(fi *FuncInfo, g naming.Ref) bool {
	loop := r.Info(fi.Fn.Parent())
	if loop == nil {
		return false
	}
	found := false
	for _, b := range loop.Fn.Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != fi.Fn {
				continue
			}
			for _, ref := range *mc.Referrers() {
				call, ok := ref.(*ssa.Call)
				if !ok || !slices.Contains(call.Call.Args, ssa.Value(mc)) {
					continue
				}
				in, ok := loop.Translate(g, naming.Callee{Fn: fi.Fn, Bindings: mc.Bindings})
				if !ok {
					return false
				}
				held := slices.ContainsFunc(r.heldAt(loop, call), func(h *Holding) bool { return h.Gate.Key() == in.Key() })
				if !held && !r.callersHold(loop, in) {
					return false
				}
				found = true
			}
		}
	}
	return found
}

// heldAt is HeldAt, with c.mu held. An instruction that holds what the
// one before it held shares its slice.
func (r *Result) heldAt(caller *FuncInfo, instr ssa.Instruction) []*Holding {
	c := &r.callers
	at, ok := c.heldAt[caller.Fn]
	if !ok {
		at = make(map[ssa.Instruction][]*Holding)
		var prev []*Holding
		caller.Walk(func(instr ssa.Instruction, held Held) {
			hs := held.All()
			if len(hs) == 0 {
				return
			}
			if slices.Equal(hs, prev) {
				hs = prev
			}
			at[instr], prev = hs, hs
		})
		c.heldAt[caller.Fn] = at
	}
	return at[instr]
}

// PackageOnly reports whether only the package's own calls, which the
// model sees, call fn: a named function or method that is not exported,
// whose value never escapes and that no interface call reaches.
func (r *Result) PackageOnly(fn *ssa.Function) bool {
	return fn.Parent() == nil && fn.Object() != nil && !fn.Object().Exported() && !r.Escapes(fn) &&
		(fn.Signature.Recv() == nil || !r.Invoked(fn.Name()))
}

// WalkCalls calls visit for each call of fi's function (go and defer
// statements included) that the model resolves to one function with a
// summary, this package's or another's fact, with the gates held on
// every path just before it: how a caller meets a callee's contracts.
func (r *Result) WalkCalls(fi *FuncInfo, visit func(call ssa.CallInstruction, cal naming.Callee, sum *Summary, held Held)) {
	fi.Walk(func(instr ssa.Instruction, held Held) {
		call, ok := instr.(ssa.CallInstruction)
		if !ok {
			return
		}
		cal, ok := naming.Resolve(call.Common())
		if !ok {
			return
		}
		if sum := r.SummaryOf(cal.Fn); sum != nil {
			visit(call, cal, sum, held)
		}
	})
}

// Dead reports whether pos lies in a function nothing runs: a top-level
// function or method that only the package can call (PackageOnly, or a
// method of a type whose values stay in the package, kept) and that no
// call of the package, static or settled, reaches; closures in it
// included, unless a directive states its contract. Its bugs cannot
// happen (staticcheck reports it unused).
func (r *Result) Dead(pos token.Pos) bool {
	for _, fi := range r.Funcs {
		fn := fi.Fn
		if fn.Parent() != nil || fn.Syntax() == nil || pos < fn.Syntax().Pos() || pos >= fn.Syntax().End() {
			continue
		}
		return (r.PackageOnly(fn) || r.kept(fn)) && fn.Name() != "init" && fn.Name() != "main" && !r.annotated(fn) &&
			len(r.CallSites(fn)) == 0 && len(r.DynamicCallSites(fn)) == 0
	}
	return false
}

// kept reports whether fn is a method of one of the package's types
// whose methods run at the package's static calls only (not Escaping),
// whatever its name: no value of the type gets to code the package does
// not see, and no interface holds one.
func (r *Result) kept(fn *ssa.Function) bool {
	recv := fn.Signature.Recv()
	if recv == nil || r.Escapes(fn) {
		return false
	}
	tn := naming.TypeNameOf(recv.Type())
	return tn != nil && tn.Pkg() == r.m.pass.Pkg && !r.Escaping(tn)
}

// annotated reports whether a //gatevet: directive states fn's contract:
// a promise to the callers it will have, held to it now.
func (r *Result) annotated(fn *ssa.Function) bool {
	for _, d := range r.Directives.ByObject[fn.Object()] {
		if d.Said == "" {
			return true
		}
	}
	return false
}
