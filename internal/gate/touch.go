package gate

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A Touch is a use of a resource at one point of a function: a write or
// a read of a package-level variable or of state reached from a
// parameter, done here or inside a callee.
type Touch struct {
	Res   Ref // the location used, in this function's terms
	Write bool
	// Held are the gates held at the use: this function's must-held set
	// there, and the gates the callee held around it.
	Held     []*Holding
	Instr    ssa.Instruction
	Pos, End token.Pos
	What     string // the operation or callee at Pos
	Chain    []Hop  // inside the callee, down to the use
}

// SumTouch is a use of a resource inside a function, for its callers.
type SumTouch struct {
	Res   Ref
	Write bool
	Held  []GateOp // gates the function held around the use
	Chain []Hop
}

// SumRun says that a function calls the func value in its parameter (or
// free variable) Param, holding Held: withDevice(f) calls f under the
// device gate, so f's uses are guarded at withDevice's callers.
type SumRun struct {
	Param int
	Free  bool
	Held  []GateOp
}

// value returns the caller-side func value a run calls, or nil.
func (r SumRun) value(cal Callee) ssa.Value { return cal.Value(r.Param, r.Free) }

// Bounds on a summary's uses, so facts stay small: how many, how deep
// a path from the root, how long a chain down to the use.
const (
	maxTouches    = 32
	maxTouchPath  = 4
	maxTouchChain = 3
)

// rawTouch is a touch before the held set of its point is known.
type rawTouch struct {
	res      Ref
	write    bool
	held     []GateOp // held by the callee around the use
	pos, end token.Pos
	what     string
	chain    []Hop
}

// instrTouches returns the uses of resources by one instruction.
func (m *model) instrTouches(fs *funcState, instr ssa.Instruction) []rawTouch {
	switch in := instr.(type) {
	case *ssa.Store:
		return fs.direct(in.Addr, true, in.Pos(), PointerElem(in.Addr.Type()))
	case *ssa.MapUpdate:
		return fs.direct(in.Map, true, in.Pos(), in.Map.Type())
	case *ssa.UnOp:
		if in.Op == token.MUL {
			return fs.direct(in.X, false, in.Pos(), in.Type())
		}
	case *ssa.Call:
		return m.callTouches(fs, &in.Call, in.Pos(), false)
	case *ssa.Defer:
		return m.callTouches(fs, &in.Call, in.Pos(), false)
	case *ssa.Go:
		return m.callTouches(fs, &in.Call, in.Pos(), true)
	}
	return nil
}

// direct is a use of the location v (an address, or a map) whose value
// has type t.
func (fs *funcState) direct(v ssa.Value, write bool, pos token.Pos, t types.Type) []rawTouch {
	if selfSynced(t) {
		return nil
	}
	r, ok := fs.refs.resource(v)
	if !ok || !r.Crosses() || selfSynced(rootType(fs.fn, r)) {
		return nil
	}
	return []rawTouch{{res: r, write: write, pos: pos, what: r.Spell(fs.fn.Pkg.Pkg.Path())}}
}

// resource names the location v, seeing through indexing and slicing:
// an element of a slice, array or map is part of the container's state.
func (rs *refs) resource(v ssa.Value) (Ref, bool) {
	for {
		switch x := v.(type) {
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.Index:
			v = x.X
		case *ssa.Lookup:
			v = x.X
		case *ssa.Slice:
			v = x.X
		default:
			return rs.of(v)
		}
	}
}

// callTouches returns the uses a call makes: the builtins that write
// their argument, and the callee's summarised uses in the caller's terms,
// with the uses of func values it runs.
func (m *model) callTouches(fs *funcState, c *ssa.CallCommon, at token.Pos, isGo bool) []rawTouch {
	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "delete", "clear", "copy":
			if len(c.Args) > 0 {
				return fs.direct(c.Args[0], true, at, c.Args[0].Type())
			}
		}
		return nil
	}
	if _, _, _, _, isGate := m.gateCall(c); isGate {
		return nil
	}
	pos, end := fs.refs.index().span(at)
	cal, ok := Resolve(c)
	if !ok {
		// A func value or interface method: its func arguments are taken
		// to run before it returns, as range-over-func loop bodies do.
		var out []rawTouch
		for _, a := range c.Args {
			if !isGo {
				out = append(out, m.runTouches(fs, a, nil, pos, end, "the loop or callback")...)
			}
		}
		return out
	}
	out := m.guardedCall(fs, cal, pos, end)
	sum := m.summaryOf(cal.Fn)
	if sum == nil {
		sum = &Summary{}
	}
	name := CalleeName(cal.Fn, m.pkgPath)
	for _, t := range sum.Touches {
		if selfSyncedArg(t.Res, cal) {
			continue
		}
		r, ok := fs.refs.translate(t.Res, cal)
		if !ok || !r.Crosses() {
			continue
		}
		out = append(out, rawTouch{res: r, write: t.Write, held: fs.translateOps(t.Held, cal),
			pos: pos, end: end, what: name, chain: t.Chain})
	}
	ran := make(map[ssa.Value]bool)
	for _, run := range sum.Runs {
		if f := run.value(cal); f != nil {
			ran[f] = true
			out = append(out, m.runTouches(fs, f, fs.translateOps(run.Held, cal), pos, end, name)...)
		}
	}
	if cal.Fn.Pkg != m.ssaPkg && !isGo {
		// Another package's callback taker is taken to run its func
		// arguments before it returns (see syncCallback).
		for _, a := range cal.Args {
			if !ran[a] {
				out = append(out, m.runTouches(fs, a, nil, pos, end, name)...)
			}
		}
	}
	return out
}

// runTouches returns the uses of the func value f that a callee runs
// holding held: those of a function literal or named function, with its
// free variables bound; its parameters are the callee's to pass.
func (m *model) runTouches(fs *funcState, f ssa.Value, held []GateOp, pos, end token.Pos, name string) []rawTouch {
	run, ok := Target(f)
	if !ok {
		return nil
	}
	sum := m.summaryOf(run.Fn)
	if sum == nil {
		return nil
	}
	var out []rawTouch
	for _, t := range sum.Touches {
		if t.Res.Root == Param {
			continue
		}
		r, ok := fs.refs.translate(t.Res, Callee{Bindings: run.Bindings})
		if !ok || !r.Crosses() {
			continue
		}
		hop := Hop{What: CalleeName(run.Fn, m.pkgPath), At: PosText(m.pass.Fset, run.Fn.Pos()), pos: run.Fn.Pos(), end: run.Fn.Pos()}
		out = append(out, rawTouch{res: r, write: t.Write, held: append(held, fs.translateOps(t.Held, run)...),
			pos: pos, end: end, what: name, chain: Prepend(hop, t.Chain)})
	}
	return out
}

// translateOps rewrites a callee's gates into the caller's terms,
// dropping those the caller cannot name.
func (fs *funcState) translateOps(ops []GateOp, cal Callee) []GateOp {
	var out []GateOp
	for _, op := range ops {
		if selfSyncedArg(op.Gate, cal) {
			continue // sync.Once's mutex guards the Once, not the caller's data
		}
		if r, ok := fs.refs.translate(op.Gate, cal); ok {
			out = append(out, GateOp{r, op.Kind, op.Mode})
		}
	}
	return out
}

// selfSyncedArg reports whether r starts at an argument of cal whose
// type synchronises itself.
func selfSyncedArg(r Ref, cal Callee) bool {
	return r.Root == Param && r.Index < len(cal.Args) && selfSynced(cal.Args[r.Index].Type())
}

// instrRuns returns the func values of this function's parameters and
// free variables that instr calls, directly or through a callee that
// runs them, with the gates the callee holds meanwhile.
func (m *model) instrRuns(fs *funcState, instr ssa.Instruction) []SumRun {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return nil
	}
	c := call.Common()
	// flagOf names any parameter or free variable, funcs included.
	if g := flagOf(c.Value); g != nil && !c.IsInvoke() {
		return []SumRun{{Param: g.Param, Free: g.Free}}
	}
	var out []SumRun
	cal, ok := Resolve(c)
	if ok {
		if sum := m.summaryOf(cal.Fn); sum != nil {
			for _, run := range sum.Runs {
				if g := flagOf(run.value(cal)); g != nil {
					out = append(out, SumRun{Param: g.Param, Free: g.Free, Held: fs.translateOps(run.Held, cal)})
				}
			}
		}
	}
	if _, isGo := call.(*ssa.Go); isGo || (ok && cal.Fn.Pkg == m.ssaPkg) {
		return out
	}
	// A closure handed to another package's function or a func value is
	// taken to run before the call returns (see syncCallback): the func
	// values it runs from its free variables are run here.
	for _, a := range c.Args {
		mc, isClosure := a.(*ssa.MakeClosure)
		if !isClosure {
			continue
		}
		fn, _ := mc.Fn.(*ssa.Function)
		if fn == nil {
			continue
		}
		if sum := m.summaryOf(fn); sum != nil {
			for _, run := range sum.Runs {
				inner := Callee{Fn: fn, Bindings: mc.Bindings}
				if g := flagOf(run.value(inner)); g != nil && run.Free {
					out = append(out, SumRun{Param: g.Param, Free: g.Free, Held: fs.translateOps(run.Held, inner)})
				}
			}
		}
	}
	return out
}

// touchesAt completes the raw touches of instr with the gates held there.
func touchesAt(instr ssa.Instruction, st *state, raw []rawTouch) []Touch {
	out := make([]Touch, 0, len(raw))
	for _, r := range raw {
		held := make([]*Holding, 0, len(st.held)+len(r.held))
		for _, g := range st.held {
			held = append(held, g.h)
		}
		for _, op := range r.held {
			held = append(held, &Holding{GateOp: op, Pos: r.pos, What: r.what, Via: true})
		}
		end := r.end
		if end == token.NoPos {
			end = r.pos
		}
		out = append(out, Touch{Res: r.res, Write: r.write, Held: held, Instr: instr, Pos: r.pos, End: end, What: r.what, Chain: r.chain})
	}
	return out
}

// addTouch records t in sum, once per resource, access and held set.
// Another package's variables are its own business: they stay out of
// this package's summaries, which keeps facts from carrying the
// runtime's internals up every call chain. Deep paths stay out too.
func (m *model) addTouch(sum *Summary, seen map[string]bool, t Touch) {
	if len(sum.Touches) >= maxTouches || len(t.Res.Path) > maxTouchPath || (t.Res.Root == Global && t.Res.Pkg != m.pkgPath) {
		return
	}
	var held []GateOp
	key := t.Res.Key()
	if t.Write {
		key += "!w"
	}
	for _, h := range t.Held {
		if h.Gate.Crosses() {
			held = append(held, h.GateOp)
			key += "|" + h.Gate.Key()
		}
	}
	if seen[key] {
		return
	}
	seen[key] = true
	hop := Hop{What: t.What, At: PosText(m.pass.Fset, t.Pos), pos: t.Pos, end: t.End}
	chain := Prepend(hop, t.Chain)
	if len(chain) > maxTouchChain {
		chain = append(chain[:maxTouchChain-1:maxTouchChain-1], chain[len(chain)-1])
	}
	sum.Touches = append(sum.Touches, SumTouch{Res: t.Res, Write: t.Write, Held: held, Chain: chain})
}

// addRun records r in sum, once per func value.
func addRun(sum *Summary, st *state, r SumRun) {
	for _, x := range sum.Runs {
		if x.Param == r.Param && x.Free == r.Free {
			return
		}
	}
	for _, g := range st.held {
		if g.h.Gate.Crosses() {
			r.Held = append(r.Held, g.h.GateOp)
		}
	}
	sum.Runs = append(sum.Runs, r)
}
