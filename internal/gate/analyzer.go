package gate

import (
	"go/token"
	"go/types"
	"os"
	"reflect"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/ctrlflow"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Analyzer computes the gate model of a package. Passes list it in their
// Requires and read its *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "gatemodel",
	Doc:        "computes gatevet's gate model: gates, acquire and release events, must-held gates and function summaries",
	Requires:   []*analysis.Analyzer{ctrlflow.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(FuncFacts), new(ChanFact)},
}

// Result is the gate model of one package.
type Result struct {
	// Directives are the package's //gatevet: annotations.
	Directives *directive.Set
	// Funcs holds the analysed functions, in source order.
	Funcs []*FuncInfo
	// Problems are annotations the model could not resolve.
	Problems []directive.Problem
	// Source holds every source function of the package, closures
	// included, also those the model skipped (too large, no body).
	Source []*ssa.Function

	infos map[*ssa.Function]*FuncInfo
	graph *callGraph
	m     *model
}

// Info returns what the model knows of fn, or nil.
func (r *Result) Info(fn *ssa.Function) *FuncInfo { return r.infos[fn] }

// SummaryOf returns fn's summary without analysing anything (passes and
// sub-models run at once and must only read the model): from this
// package's analysis, or from the fact of another package's function.
func (r *Result) SummaryOf(fn *ssa.Function) *Summary {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if fn.Pkg == r.m.ssaPkg {
		if fi := r.infos[fn]; fi != nil {
			return fi.Summary
		}
		return nil
	}
	if f, ok := ImportFuncFact(r.m.pass, fn, new(FuncFacts)); ok {
		return &f.Summary
	}
	return nil
}

// Invoked reports whether the package calls a method named name through
// an interface.
func (r *Result) Invoked(name string) bool { return r.graph.invoked[name] }

// IsGateCall reports whether c calls a gate's method (Lock, Acquire, …).
func (r *Result) IsGateCall(c *ssa.CallCommon) bool {
	_, _, _, _, ok := r.m.gateCall(c)
	return ok
}

// Reach returns the functions of the package that fi's function runs
// on its own goroutine, itself and its static callees transitively, and
// those it starts as goroutines, directly or through them.
func (r *Result) Reach(fi *FuncInfo) (same, started []*FuncInfo) {
	same = r.closure([]*ssa.Function{fi.Fn}, false)
	var roots []*ssa.Function
	for _, info := range same {
		roots = append(roots, info.startedFuncs()...)
	}
	return same, r.closure(roots, true)
}

// closure returns the analysed functions among roots and their static
// callees in the package, transitively, and with starts the functions
// they start as goroutines too.
func (r *Result) closure(roots []*ssa.Function, starts bool) []*FuncInfo {
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
		roots = append(roots, r.graph.callees[fn]...)
		if starts {
			roots = append(roots, info.startedFuncs()...)
		}
	}
	return out
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

// Escapes reports whether fn's value leaves the package's control: stored
// where it outlives the call, returned, sent, or passed to code not known
// to run it in place.
func (r *Result) Escapes(fn *ssa.Function) bool { return r.graph.escapes[fn] }

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

	starts []Start

	fs *funcState
}

// An AcquirePoint is an acquire in a function, direct or through a call,
// with the same gate's holding just before it if it is must-held there.
type AcquirePoint struct {
	Instr    ssa.Instruction
	Pos, End token.Pos // of the operation or call
	GateOp   GateOp
	Blocking bool
	What     string // the operation or callee that acquires
	Chain    []Hop  // inside the callee, down to the gate operation
	Held     *Holding
	// Also are the other gates must-held just before it.
	Also []*Holding
	// Owned is true when this function releases the gate itself
	// somewhere: a counting semaphore acquired without any release in
	// the function hands its permits to someone else.
	Owned bool
	// Carried is set when Held comes from the previous iteration of a
	// loop around the acquire (see loops.go); Also is then empty.
	Carried bool
	// AtReturn is set for a deferred acquire (defer mu.Lock(), written
	// for defer mu.Unlock()) that runs at return while the gate is held;
	// Instr is the defer statement, and Return the return statement
	// reached with the gate held (NoPos when the function falls off its
	// end).
	AtReturn bool
	Return   token.Pos
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
	fs := fi.fs
	if fs == nil {
		return
	}
	// The block entry states of the fixpoint are kept and never
	// changed: each walk replays from clones of its own, so that passes
	// and sub-models may walk at once.
	for _, b := range fs.fn.Blocks {
		if fs.in[b.Index] == nil {
			continue
		}
		fs.transfer(b, fs.in[b.Index].clone(), func(instr ssa.Instruction, st *state) {
			visit(instr, Held{st})
		})
	}
}

// model is the analysis of one package.
type model struct {
	pass     *analysis.Pass
	ssaPkg   *ssa.Package
	pkgPath  string
	dirs     *directive.Set
	infos    map[*ssa.Function]*FuncInfo
	busy     map[*ssa.Function]bool
	chanObjs map[types.Object]chanDir
	// bufferedObjs are variables and fields given a buffered channel.
	bufferedObjs map[types.Object]bool
	// capacity is the permits of the counting gates variables and fields
	// are given, -1 when not one constant (see permits.go).
	capacity map[types.Object]int64
	problems []directive.Problem
	srcFuncs []*ssa.Function
	// fieldTargets are the func-typed fields every store sets to a known
	// function (see dynamic.go).
	fieldTargets map[*types.Var][]fieldTarget
	// named are the package's named types, local ones included, listed
	// on the first interface call that needs them (see implementations).
	named []*types.Named
	// tables are the package-level slices of functions a loop may range
	// over (see dynamic.go).
	tables map[*ssa.Global][]*ssa.Function
	// namers name each function's values, one per function: a Namer
	// indexes its function's syntax on first use.
	namers map[*ssa.Function]*naming.Namer
	// facts are the summaries of the package's exported functions, for
	// importing packages.
	facts FuncFacts
}

func run(pass *analysis.Pass) (any, error) {
	ssaPkg, srcFuncs := buildSSA(pass)
	m := &model{
		pass:         pass,
		ssaPkg:       ssaPkg,
		pkgPath:      pass.Pkg.Path(),
		dirs:         directive.Parse(pass.Files, pass.TypesInfo),
		infos:        make(map[*ssa.Function]*FuncInfo),
		busy:         make(map[*ssa.Function]bool),
		chanObjs:     make(map[types.Object]chanDir),
		bufferedObjs: make(map[types.Object]bool),
		capacity:     make(map[types.Object]int64),
		namers:       make(map[*ssa.Function]*naming.Namer),
	}
	m.srcFuncs = srcFuncs
	if ssaPkg != nil {
		m.classifyChans(srcFuncs)
		m.noteDynamic(srcFuncs)
	}
	res := &Result{Directives: m.dirs, Source: srcFuncs, m: m}
	for _, fn := range srcFuncs {
		if fi := m.analyse(fn); fi != nil {
			res.Funcs = append(res.Funcs, fi)
			m.export(fi)
		}
	}
	ExportBook(pass, &m.facts)
	res.Problems = m.problems
	res.infos = m.infos
	res.graph = m.buildCallGraph(srcFuncs)
	return res, nil
}

// export adds an exported function's summary to the package's facts.
func (m *model) export(fi *FuncInfo) {
	if obj, ok := ExportedFunc(m.pass, fi.Fn); ok && !fi.Summary.empty() {
		sum := *fi.Summary
		sum.Acquires = slices.Clone(sum.Acquires)
		for i := range sum.Acquires {
			sum.Acquires[i].Chain = FactChain(sum.Acquires[i].Chain)
		}
		m.facts.Add(obj, &FuncFact{Summary: sum})
	}
}

// namer returns fn's Namer.
func (m *model) namer(fn *ssa.Function) *naming.Namer {
	nm, ok := m.namers[fn]
	if !ok {
		nm = naming.NewNamer(fn)
		m.namers[fn] = nm
	}
	return nm
}

func (m *model) isGateType(tn *types.TypeName) bool {
	return len(m.dirs.Of(tn, directive.Gate)) > 0
}

// classifyChans finds the package's channel semaphores before any
// function is analysed, and exports them as facts.
func (m *model) classifyChans(funcs []*ssa.Function) {
	// Package-level initialisers live in the synthetic init function.
	if init := m.ssaPkg.Func("init"); init != nil {
		m.noteBuffered(init)
	}
	for _, fn := range funcs {
		m.noteBuffered(fn)
	}
	votes := make(map[types.Object][3]int)
	for _, fn := range funcs {
		if len(fn.Blocks) == 0 || len(fn.Blocks) > maxBlocks {
			continue
		}
		ops := m.scanChans(fn)
		dirs := classify(ops, dominates)
		for _, o := range ops {
			if d, ok := dirs[o.key]; ok && o.obj != nil && o.obj.Pkg() == m.pass.Pkg {
				v := votes[o.obj]
				v[d]++
				votes[o.obj] = v
			}
		}
	}
	for obj, v := range votes {
		switch {
		case v[sendAcquires] > v[recvAcquires]:
			m.chanObjs[obj] = sendAcquires
		case v[recvAcquires] > v[sendAcquires]:
			m.chanObjs[obj] = recvAcquires
		}
	}
	for obj, ds := range m.dirs.ByObject {
		if _, isChan := obj.Type().Underlying().(*types.Chan); !isChan {
			continue
		}
		for _, d := range ds {
			if _, done := m.chanObjs[obj]; d.Kind == directive.Gate && !done {
				m.chanObjs[obj] = sendAcquires
			}
		}
	}
	objs := make([]types.Object, 0, len(m.chanObjs))
	for obj := range m.chanObjs {
		objs = append(objs, obj)
	}
	sort.Slice(objs, func(i, j int) bool { return objs[i].Pos() < objs[j].Pos() })
	for _, obj := range objs {
		if _, isVar := obj.(*types.Var); isVar {
			m.pass.ExportObjectFact(obj, m.chanObjs[obj].fact())
		}
	}
}

func dominates(a, b *ssa.BasicBlock) bool { return a.Dominates(b) }

// analyse computes fi for fn once. It returns nil for functions without
// a body, too large ones, and those on the current call cycle, whose
// callers then see no summary: recursion terminates, silently.
func (m *model) analyse(fn *ssa.Function) (fi *FuncInfo) {
	if fi, ok := m.infos[fn]; ok {
		return fi
	}
	if m.busy[fn] || len(fn.Blocks) == 0 || len(fn.Blocks) > maxBlocks {
		return nil
	}
	m.busy[fn] = true
	defer delete(m.busy, fn)
	defer func() {
		// Never crash on real code: a function the model cannot handle
		// gets no info, so passes stay silent on it and its callers see
		// no summary. GATEVET_DEBUG=1 lets the panic through.
		if r := recover(); r != nil {
			if os.Getenv("GATEVET_DEBUG") != "" {
				panic(r)
			}
			m.infos[fn] = nil
			fi = nil
		}
	}()

	fs := &funcState{
		fn:      fn,
		refs:    m.namer(fn),
		chans:   classify(m.scanChans(fn), dominates),
		effects: make(map[ssa.Instruction][]effect),
		gateIDs: make(map[string]int),
		entry:   &state{},
	}
	requires := m.requires(fn)
	for _, r := range requires {
		fs.entry.hold(fs.intern(r.op), &Holding{GateOp: r.op, Pos: r.pos, What: "//gatevet:holds " + r.op.Gate.Spell(m.pkgPath), Contract: true})
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			es := m.instrEffects(fs, instr)
			for i := range es {
				es[i].id = fs.intern(es[i].gate)
				if es[i].op == known.Acquire && es[i].hold {
					h := holding(es[i])
					es[i].holding = &h
				}
			}
			if len(es) > 0 {
				fs.effects[instr] = es
			}
		}
	}
	fi = &FuncInfo{Fn: fn, fs: fs}
	fs.in = fs.solve()
	fi.Summary = m.summarise(fi, fs.in)
	m.carried(fi)
	fi.starts = m.findStarts(fn)
	if fn.Parent() == nil {
		fi.Summary.Spawns = m.spawns(fi)
	}
	for _, r := range requires {
		fi.Summary.Requires = append(fi.Summary.Requires, r.op)
	}
	m.infos[fn] = fi
	return fi
}

// summarise records fi's acquire points and derives its summary.
func (m *model) summarise(fi *FuncInfo, in []*state) *Summary {
	fs := fi.fs
	var released bitset
	for instr, es := range fs.effects {
		if starts(instr) {
			continue
		}
		for _, e := range es {
			if e.op == known.Release {
				released.set(e.id)
			}
		}
	}
	sum := &Summary{}
	var exits, nilExits []*state
	fromEntry := make(map[int]*Flag)
	var entryDrops bitset // the caller's gates a callee lets go of
	for _, b := range fs.fn.Blocks {
		if in[b.Index] == nil {
			continue
		}
		fs.transfer(b, in[b.Index].clone(), func(instr ssa.Instruction, st *state) {
			for _, r := range m.instrRuns(fs, instr) {
				addRun(sum, st, r)
			}
			switch in := instr.(type) {
			case *ssa.Return:
				exits = append(exits, st.clone())
				if returnsNilError(in) {
					nilExits = append(nilExits, exits[len(exits)-1])
				}
			case *ssa.RunDefers:
				m.deferredAcquires(fi, st, returnAfter(in))
			}
			if starts(instr) {
				return
			}
			// A deferred release is judged where it is deferred: right
			// after the acquire it pairs with, usually.
			noteEntryReleases(fromEntry, &entryDrops, instr, st, fs.effects[instr])
			if _, deferred := instr.(*ssa.Defer); deferred {
				return
			}
			for _, e := range fs.effects[instr] {
				if e.op == known.Acquire && e.check {
					m.recordAcquire(fi, sum, instr, st, e, released)
				}
			}
		})
	}
	exitEffects(fs, sum, exits, nilExits, fromEntry, entryDrops)
	return sum
}

// recordAcquire adds an acquire point to fi, and to the summary when the
// gate was untouched since entry on every path.
func (m *model) recordAcquire(fi *FuncInfo, sum *Summary, instr ssa.Instruction, st *state, e effect, released bitset) {
	ap := AcquirePoint{Instr: instr, Pos: e.pos, End: e.end, GateOp: e.gate, Blocking: e.blocking, What: e.what, Chain: e.chain,
		Owned: released.has(e.id), Held: st.get(e.id)}
	for _, g := range st.held {
		if g.id != e.id && !e.drops.has(g.id) {
			ap.Also = append(ap.Also, g.h)
		}
	}
	if u := e.under; u != nil && ap.Held == nil && u.Gate.Key() == e.gate.Gate.Key() {
		ap.Held = u
	} else if u != nil {
		ap.Also = append(ap.Also, u)
	}
	fi.Acquires = append(fi.Acquires, ap)
	if st.touched.has(e.id) || !e.gate.Gate.Crosses() {
		return
	}
	chain := Prepend(Hop{What: e.what, At: PosText(m.pass.Fset, e.pos), pos: e.pos, end: e.end}, e.chain)
	flag := e.flag
	if flag == nil {
		flag = blockFlag(instr.Block())
	}
	// One entry per gate and blocking: a gate acquired on several paths
	// is one fact for callers (one report, small facts). The entry is
	// guarded only if every path shares the flag.
	for i, a := range sum.Acquires {
		if a.Blocking == e.blocking && a.Gate.Key() == e.gate.Gate.Key() {
			if a.Flag != nil && (flag == nil || *a.Flag != *flag) {
				sum.Acquires[i].Flag = nil
			}
			return
		}
	}
	sum.Acquires = append(sum.Acquires, SumAcquire{GateOp: e.gate, Blocking: e.blocking, Chain: chain, Flag: flag})
}

// noteEntryReleases records in fromEntry the gates that es release where
// this function had not acquired them: releases on the caller's behalf,
// with the parameter flag they share, if any; and in drops the gates
// that a callee lets go of and takes again (an xxxLocked helper that
// unlocks around its slow part), where this function had not acquired
// them: it lets go of them too, though its caller holds them again after.
func noteEntryReleases(fromEntry map[int]*Flag, drops *bitset, instr ssa.Instruction, st *state, es []effect) {
	var acquired bitset // by an earlier effect of the same call (once.Do)
	for _, e := range es {
		for k := range e.drops.all {
			if st.get(k) == nil {
				drops.set(k)
			}
		}
		k := e.id
		if e.op == known.Acquire {
			acquired.set(k)
		}
		if e.op != known.Release || st.get(k) != nil || acquired.has(k) {
			continue
		}
		g := e.flag
		if g == nil {
			g = blockFlag(instr.Block())
		}
		if prev, seen := fromEntry[k]; seen && (prev == nil || g == nil || *prev != *g) {
			g = nil
		}
		fromEntry[k] = g
	}
}

// returnsNilError reports whether ret returns a constant nil as the only
// result of a function whose result is an error.
func returnsNilError(ret *ssa.Return) bool {
	res := ret.Parent().Signature.Results()
	if res.Len() != 1 || len(ret.Results) != 1 || !types.Identical(res.At(0).Type(), types.Universe.Lookup("error").Type()) {
		return false
	}
	k, ok := ret.Results[0].(*ssa.Const)
	return ok && k.IsNil()
}

// exitEffects fills in what sum's function leaves held: on every return,
// or on every return of a nil error (an acquire helper); and which of the
// gates it released on its caller's behalf it leaves released.
func exitEffects(fs *funcState, sum *Summary, exits, nilExits []*state, fromEntry map[int]*Flag, entryDrops bitset) {
	if len(exits) == 0 {
		return
	}
	held := joinAll(exits)
	var ok *state
	if len(nilExits) > 0 && len(nilExits) < len(exits) {
		ok = joinAll(nilExits)
	}
	for id, op := range fs.gates {
		if _, fromCaller := fromEntry[id]; (fromCaller || entryDrops.has(id)) && op.Gate.Crosses() {
			sum.Drops = append(sum.Drops, op)
		}
		h := held.get(id)
		switch {
		case !op.Gate.Crosses() || !held.touched.has(id):
		case h != nil:
			sum.Holds = append(sum.Holds, h.GateOp)
		case ok != nil && ok.get(id) != nil:
			sum.HoldsIfNil = append(sum.HoldsIfNil, ok.get(id).GateOp)
			fallthrough
		default:
			if g, fromCaller := fromEntry[id]; fromCaller {
				sum.Releases = append(sum.Releases, SumRelease{GateOp: op, Flag: g})
			}
		}
	}
}

// joinAll merges states into a new one.
func joinAll(states []*state) *state {
	out := states[0].clone()
	for _, x := range states[1:] {
		out.join(x)
	}
	return out
}

// Ref names value v as fi's function sees it (see Ref): ok is false when
// v cannot be named.
func (fi *FuncInfo) Ref(v ssa.Value) (naming.Ref, bool) {
	if fi.fs == nil {
		return naming.Ref{}, false
	}
	return fi.fs.refs.Of(v)
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
