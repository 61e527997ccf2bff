package resource

import (
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/concurrency"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A Touch is a use of a resource at one point of a function: a write or
// a read of a package-level variable or of state reached from a
// parameter, done here or inside a callee.
type Touch struct {
	Res   naming.Ref // the location used, in this function's terms
	Write bool
	// Holdings are the gates held at the use: this function's must-held set
	// there, and the gates the callee held around it.
	Holdings []*gate.Holding
	Instr    ssa.Instruction
	Pos, End token.Pos
	What     string     // the operation or callee at Pos
	Chain    []gate.Hop // inside the callee, down to the use
	// Once says whether the use is inside the function a sync.Once
	// runs: once per Once, before every Do of it returns (a field's
	// Once: once per instance), or, for a package-level Once, once for
	// the whole process, whatever else is held.
	Once OnceScope
	// Started is set for a use on a goroutine the function starts and
	// does not wait for: what the function's callers hold does not
	// cover it, only Holdings do.
	Started bool
	// Flag, when set, says that the use happens only when a bool
	// parameter of the function has a value (findGE writes prevNode only
	// if prev): a caller passing the other constant does not use it.
	Flag *gate.Flag
}

// SumTouch is a use of a resource inside a function, for its callers.
type SumTouch struct {
	Res   naming.Ref
	Write bool
	Under []gate.GateOp // gates the function held around the use
	Chain []gate.Hop
	Once  OnceScope // inside a sync.Once's Do
	// Started: on a goroutine the function starts, which its callers'
	// gates do not cover.
	Started bool
	// Flag is Touch.Flag. Facts do not carry it: in another package the
	// use counts whatever the call passes.
	Flag *gate.Flag
}

// Bounds on a summary's uses, so facts stay small: how many, how deep
// a path from the root, how long a chain down to the use.
const (
	maxTouches    = 32
	maxTouchPath  = 4
	maxTouchChain = 3
)

// rawTouch is a touch before the held set of its point is known.
type rawTouch struct {
	res      naming.Ref
	write    bool
	held     []gate.GateOp // held by the callee around the use
	pos, end token.Pos
	what     string
	chain    []gate.Hop
	once     OnceScope
	started  bool // on a goroutine a callee starts: the caller's gates do not cover it
	flag     *gate.Flag
	// takes are the gates a callback's method acquires, blocking, on
	// every path and before it does anything else (in the caller's
	// terms): a callee that calls it back while the caller holds one of
	// them would block there first, so the method's uses are not made
	// under the caller's gates (see callbacks.go).
	takes []gate.GateOp
}

// instrTouches returns the uses of resources by one instruction.
func (r *Result) instrTouches(fi *gate.FuncInfo, instr ssa.Instruction) []rawTouch {
	ts := r.instrTouchesAnyFlag(fi, instr)
	if len(ts) == 0 || instr.Block() == nil {
		return ts
	}
	// A use that the callee makes only under a flag of its own, which
	// this call passes on, stays under it; any other use is under the
	// flag that decides whether this instruction runs, if any.
	var here *gate.Flag
	for i := range ts {
		if ts[i].flag == nil {
			if here == nil {
				here = gate.BlockFlag(instr.Block())
			}
			ts[i].flag = here
		}
	}
	return ts
}

// instrTouchesAnyFlag is instrTouches before the uses are put under the
// flag of the instruction's block.
func (r *Result) instrTouchesAnyFlag(fi *gate.FuncInfo, instr ssa.Instruction) []rawTouch {
	switch in := instr.(type) {
	case *ssa.Store:
		return r.direct(fi, in.Addr, true, cfg.Pos(in), known.PointerElem(in.Addr.Type()))
	case *ssa.MapUpdate:
		return r.direct(fi, in.Map, true, cfg.Pos(in), in.Map.Type())
	case *ssa.UnOp:
		if in.Op == token.MUL {
			// A range loop's load of an element has no position of
			// its own: the loop body's statement that uses it.
			return r.direct(fi, in.X, false, cfg.Pos(in), in.Type())
		}
	case *ssa.Call:
		if f := groupFunc(fi, in); f != nil {
			// g.Go(f) runs f on a goroutine of its own: collect treats
			// the call as it does a go statement.
			pos, end := fi.Span(in.Pos())
			return r.runTouches(fi, f, nil, pos, end, naming.CalleeName(in.Call.StaticCallee(), r.pkgPath))
		}
		return r.callTouches(fi, &in.Call, in.Pos(), false)
	case *ssa.Defer:
		return r.callTouches(fi, &in.Call, in.Pos(), false)
	case *ssa.Go:
		return r.callTouches(fi, &in.Call, in.Pos(), true)
	}
	return nil
}

// groupFunc returns the func value that call, a sync.WaitGroup's or an
// errgroup.Group's Go, starts a goroutine with, or nil.
func groupFunc(fi *gate.FuncInfo, call *ssa.Call) ssa.Value {
	if s, ok := fi.StartAt(call); ok && s.Group != nil {
		return call.Call.Args[1]
	}
	return nil
}

// direct is a use of the location v (an address, or a map) whose value
// has type t.
func (r *Result) direct(fi *gate.FuncInfo, v ssa.Value, write bool, pos token.Pos, t types.Type) []rawTouch {
	if known.SelfSynced(t) || !pos.IsValid() {
		// A use that cannot be placed cannot be reported either.
		return nil
	}
	loc, ok := fi.Location(v)
	if !ok || !loc.Crosses() || known.SelfSynced(fi.RootType(loc)) {
		return nil
	}
	if res, ok := Of(fi, loc); ok && r.atomics[res.Obj] {
		return nil
	}
	return []rawTouch{{res: loc, write: write, pos: pos, what: loc.Spell(r.pkgPath)}}
}

// callTouches returns the uses a call makes: the builtins that write
// their argument, and the callee's summarised uses in the caller's terms,
// with the uses of func values it runs.
func (r *Result) callTouches(fi *gate.FuncInfo, c *ssa.CallCommon, at token.Pos, isGo bool) []rawTouch {
	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "delete", "clear", "copy":
			if len(c.Args) > 0 {
				return r.direct(fi, c.Args[0], true, at, c.Args[0].Type())
			}
		case "append":
			// Appending to a slice that a map's entry holds may write
			// into its array, where a reader of the entry's old slice
			// reads (m[k] = append(s[:i], s[i+1:]...), or after m[k] =
			// m[k][:0]).
			if len(c.Args) > 0 && naming.EntrySlice(c.Args[0]) {
				return r.direct(fi, c.Args[0], true, at, c.Args[0].Type())
			}
		}
		return nil
	}
	if r.gates.IsGateCall(c) {
		return nil
	}
	pos, end := fi.Span(at)
	cal, ok := naming.Resolve(c)
	if !ok {
		// A func value or interface method: its func arguments are taken
		// to run before it returns, as range-over-func loop bodies do.
		var out []rawTouch
		for _, a := range c.Args {
			if !isGo && !gate.Later(c, a) {
				out = append(out, r.runTouches(fi, a, nil, pos, end, "the loop or callback")...)
			}
		}
		if !isGo {
			name := "the func value"
			if c.IsInvoke() {
				name = c.Method.Name()
			}
			out = append(out, r.callbackTouches(fi, c, pos, end, name)...)
		}
		for _, f := range r.gates.SlotCallees(c) {
			// A call through a slot runs the package's methods stored
			// there, whose uses are this call's (those of the
			// receiver's own state, unnamed here, aside).
			sc := naming.Callee{Fn: f, Args: append([]ssa.Value{c.Value}, c.Args...)}
			out = append(out, r.summaryTouches(fi, sc, pos, end, naming.CalleeName(f, r.pkgPath), isGo)...)
		}
		return out
	}
	out := r.guardedCall(fi, cal, pos, end)
	name := naming.CalleeName(cal.Fn, r.pkgPath)
	out = append(out, r.summaryTouches(fi, cal, pos, end, name, isGo)...)
	ran := make(map[ssa.Value]bool)
	for _, sr := range r.conc.Serial(cal.Fn) {
		// A serial executor runs f while it runs nothing else given to
		// it: f's uses hold the executor.
		exec, ok := fi.Translate(sr.Exec, cal)
		if f := cal.Value(sr.Param, false); ok && f != nil && !isGo {
			ran[f] = true
			out = append(out, r.runTouches(fi, f, []gate.GateOp{concurrency.ExecutorOp(exec)}, pos, end, name)...)
		}
	}
	if sum := r.gates.SummaryOf(cal.Fn); sum != nil {
		for _, run := range sum.Runs {
			if f := run.Value(cal); f != nil {
				ran[f] = true
				out = append(out, r.runTouches(fi, f, fi.TranslateOps(run.Under, cal), pos, end, name)...)
			}
		}
	}
	if cal.Fn.Pkg != fi.Fn.Pkg && !isGo {
		// Another package's callback taker is taken to run its func
		// arguments before it returns (see gate's syncCallback), HTTP
		// handlers and timers' funcs aside (gate.Later).
		once := onceScope(fi, cal)
		for _, a := range cal.Args {
			if ran[a] || gate.Later(c, a) {
				continue
			}
			for _, t := range r.runTouches(fi, a, nil, pos, end, name) {
				t.once = max(t.once, once)
				out = append(out, t)
			}
		}
		out = append(out, r.callbackTouches(fi, c, pos, end, name)...)
	}
	return out
}

// OnceScope says whether a use runs inside the function a sync.Once
// runs, and which: NotOnce, InstanceOnce, PackageOnce.
type OnceScope uint8

// The scopes of a use, by the Once whose function makes it.
const (
	NotOnce      OnceScope = iota
	InstanceOnce           // a Once the function names (a field's): once per Once
	PackageOnce            // a package-level Once: once for the whole process
)

// onceScope says whether cal is the Do of a sync.Once, and of which.
func onceScope(fi *gate.FuncInfo, cal naming.Callee) OnceScope {
	obj, _ := cal.Fn.Object().(*types.Func)
	if obj == nil || !known.IsOnceDo(obj) || len(cal.Args) == 0 {
		return NotOnce
	}
	r, ok := fi.Ref(cal.Args[0])
	switch {
	case !ok:
		return NotOnce
	case r.Root == naming.Global:
		return PackageOnce
	}
	return InstanceOnce
}

// runTouches returns the uses of the func value f that a callee runs
// holding held: those of a function literal or named function, with its
// free variables bound; its parameters are the callee's to pass.
func (r *Result) runTouches(fi *gate.FuncInfo, f ssa.Value, held []gate.GateOp, pos, end token.Pos, name string) []rawTouch {
	run, ok := naming.Target(f)
	if !ok {
		return nil
	}
	var out []rawTouch
	for _, t := range r.sums.Of(run.Fn) {
		if t.Res.Root == naming.Param {
			continue
		}
		flag, happens := gate.TranslateFlag(t.Flag, naming.Callee{Bindings: run.Bindings})
		if !happens {
			continue
		}
		res, ok := fi.Translate(t.Res, naming.Callee{Bindings: run.Bindings})
		if !ok || !res.Crosses() {
			continue
		}
		hop := gate.NewHop(r.pass.Fset, naming.CalleeName(run.Fn, r.pkgPath), run.Fn.Pos(), run.Fn.Pos())
		out = append(out, rawTouch{res: res, write: t.Write, held: append(held, fi.TranslateOps(t.Under, run)...),
			pos: pos, end: end, what: name, chain: gate.Prepend(hop, t.Chain), once: t.Once, flag: flag})
	}
	return out
}

// touchesAt completes the raw touches of instr with the gates held there.
func touchesAt(instr ssa.Instruction, here gate.Held, raw []rawTouch) []Touch {
	out := make([]Touch, 0, len(raw))
	for _, r := range raw {
		if takenHere(r.takes, here) {
			continue
		}
		all := here.All()
		if r.started {
			all = nil
		}
		held := make([]*gate.Holding, 0, len(all)+len(r.held))
		held = append(held, all...)
		for _, op := range r.held {
			held = append(held, &gate.Holding{GateOp: op, Pos: r.pos, What: r.what, Via: true})
		}
		end := r.end
		if end == token.NoPos {
			end = r.pos
		}
		out = append(out, Touch{Res: r.res, Write: r.write, Holdings: held, Instr: instr, Pos: r.pos, End: end, What: r.what, Chain: r.chain, Once: r.once, Started: r.started, Flag: r.flag})
	}
	return out
}

// takenHere reports whether one of gates is held in a mode that its
// acquire waits for.
func takenHere(gates []gate.GateOp, here gate.Held) bool {
	for _, g := range gates {
		for _, h := range here.All() {
			if h.Gate.Key() == g.Gate.Key() && (h.Mode != known.Shared || g.Mode != known.Shared) {
				return true
			}
		}
	}
	return false
}

// addTouch records t in sum, once per resource, access and held set,
// under a flag only if every such use shares it (as a summary's
// acquires are; seen indexes sum by that key).
// Another package's variables are its own business: they stay out of
// this package's summaries, which keeps facts from carrying the
// runtime's internals up every call chain. Deep paths stay out too.
func (r *Result) addTouch(sum *[]SumTouch, seen map[string]int, t Touch) {
	if len(t.Res.Path) > maxTouchPath || (t.Res.Root == naming.Global && t.Res.Pkg != r.pkgPath) {
		return
	}
	var held []gate.GateOp
	key := t.Res.Key()
	if t.Write {
		key += "!w"
	}
	if t.Once != NotOnce {
		key += "!once" + strconv.Itoa(int(t.Once))
	}
	if t.Started {
		key += "!go"
	}
	for _, h := range t.Holdings {
		// A //gatevet:holds contract is what callers must do, not what
		// they do: each call's own held set says whether it holds.
		if h.Gate.Crosses() && !h.Contract {
			held = append(held, h.GateOp)
			key += "|" + h.Gate.Key()
		}
	}
	if i, ok := seen[key]; ok {
		if f := (*sum)[i].Flag; f != nil && (t.Flag == nil || *f != *t.Flag) {
			(*sum)[i].Flag = nil
		}
		return
	}
	if len(*sum) >= maxTouches {
		return
	}
	seen[key] = len(*sum)
	chain := gate.Prepend(gate.NewHop(r.pass.Fset, t.What, t.Pos, t.End), t.Chain)
	if len(chain) > maxTouchChain {
		chain = append(chain[:maxTouchChain-1:maxTouchChain-1], chain[len(chain)-1])
	}
	*sum = append(*sum, SumTouch{Res: t.Res, Write: t.Write, Under: held, Chain: chain, Once: t.Once, Started: t.Started, Flag: t.Flag})
}

// summaryTouches returns the uses cal's summary says it makes, in fi's
// terms at the call.
func (r *Result) summaryTouches(fi *gate.FuncInfo, cal naming.Callee, pos, end token.Pos, name string, isGo bool) []rawTouch {
	var out []rawTouch
	for _, t := range r.sumAt(cal) {
		if gate.SelfSyncedArg(t.Res, cal) {
			continue
		}
		flag, happens := gate.TranslateFlag(t.Flag, cal)
		if !happens {
			continue // the call passes the constant under which it does not happen
		}
		res, ok := fi.Translate(t.Res, cal)
		if !ok || !res.Crosses() && !(isGo && res.Root == naming.Local) {
			// What the function made is its own, but for what a
			// goroutine it starts does with it (see Use.Started):
			// evidence of the object's discipline.
			continue
		}
		out = append(out, rawTouch{res: res, write: t.Write, held: fi.TranslateOps(t.Under, cal),
			pos: pos, end: end, what: name, chain: t.Chain, once: t.Once, started: t.Started, flag: flag})
	}
	return out
}
