package gate

import (
	"go/ast"
	"go/types"
	"iter"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// The call graph is what the model knows of the package's own calls:
// the static call sites of each function, the calls the package settles
// dynamically (see dynamic.go), the functions whose value
// escapes (stored where it outlives the call, returned, sent, or passed
// to code not known to run it in place), and the method names called
// through interfaces. The resource model decides from it which functions
// are entries of the package.

// callGraph is what the model knows of the package's own calls.
type callGraph struct {
	calls   map[*ssa.Function][]ssa.CallInstruction // static call sites
	dynamic map[*ssa.Function][]ssa.CallInstruction // settled dynamic call sites
	callees map[*ssa.Function][]*ssa.Function       // static callees and callbacks
	settled map[*ssa.Function][]*ssa.Function       // the callees of settled dynamic calls
	escapes map[*ssa.Function]bool
	kept    map[*ssa.Function]bool              // kept only in func fields the package calls (kept.go)
	fields  map[*types.Var]bool                 // those fields
	invoked map[string]bool                     // method names called through interfaces
	slotted map[*ssa.CallCommon][]*ssa.Function // the methods a call through a slot runs (slots.go)
	ways    ways                                // the ways in from other packages (outside.go)
}

func (m *model) buildCallGraph(funcs []*ssa.Function) *callGraph {
	g := &callGraph{calls: make(map[*ssa.Function][]ssa.CallInstruction), callees: make(map[*ssa.Function][]*ssa.Function),
		settled: make(map[*ssa.Function][]*ssa.Function),
		escapes: make(map[*ssa.Function]bool), invoked: make(map[string]bool), dynamic: make(map[*ssa.Function][]ssa.CallInstruction),
		slotted: make(map[*ssa.CallCommon][]*ssa.Function),
		kept:    make(map[*ssa.Function]bool), fields: keptFields(m.pass.Pkg, funcs),
		ways: ways{convertedOn: make(map[*types.TypeName]bool), invokes: make(map[string][]ssa.CallInstruction),
			slots: slots{bad: make(map[*types.Var]bool), invokes: make(map[*types.Var][]ssa.CallInstruction)}}}
	var ops []*ssa.Value
	makers := make(map[*ssa.Function]*ssa.Function) // maker → the closure it returns
	for _, fn := range funcs {
		if made := naming.ReturnedClosure(fn); made != nil {
			makers[fn] = made.Fn.(*ssa.Function)
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				g.ways.note(m.pass.Pkg, instr)
				if _, isClosure := instr.(*ssa.MakeClosure); isClosure {
					continue // the closure value's uses are what count
				}
				if call, ok := instr.(ssa.CallInstruction); ok {
					m.noteCall(g, call)
					continue
				}
				if _, isReturn := instr.(*ssa.Return); isReturn && makers[fn] != nil {
					continue // judged below, by the maker's callers
				}
				if !publishes(m.namer(fn), instr) {
					continue
				}
				ops = instr.Operands(ops[:0])
				for _, op := range ops {
					if f := naming.FuncOf(*op); f != nil {
						g.escape(f, keptStore(g.fields, instr))
					}
				}
			}
		}
	}
	g.escapeMade(makers)
	g.ways.finish(m.pass.Pkg, m.pass.TypesInfo)
	noteSlotCalls(g)
	return g
}

// noteSlotCalls records the calls through a slot (slots.go) as dynamic
// call sites of the methods of the types only stored into it.
func noteSlotCalls(g *callGraph) {
	seen := make(map[ssa.CallInstruction]map[*ssa.Function]bool)
	for _, c := range g.ways.conversions {
		if !g.ways.slots.slotted(c.slots) {
			continue
		}
		for _, f := range c.slots {
			for _, site := range g.ways.slots.invokes[f] {
				meth, prog := site.Common().Method, site.Parent().Prog
				sel := prog.MethodSets.MethodSet(c.x).Lookup(meth.Pkg(), meth.Name())
				if sel == nil {
					continue
				}
				fn := prog.MethodValue(sel)
				if fn == nil || seen[site][fn] {
					continue
				}
				if seen[site] == nil {
					seen[site] = make(map[*ssa.Function]bool)
				}
				seen[site][fn] = true
				g.dynamic[fn] = append(g.dynamic[fn], site)
				g.settled[site.Parent()] = append(g.settled[site.Parent()], fn)
				g.slotted[site.Common()] = append(g.slotted[site.Common()], fn)
			}
		}
	}
}

// escapeMade decides the closures that makers return. A call of the
// maker's result runs the closure (naming.Target sees through the
// call), so the closure stays its callers' own only when every result
// of the maker is called then and there (defer b.track()()), and the
// maker has no callers the package does not see: it is not exported,
// called through an interface or a func value, and its own value does
// not escape. A result kept in a variable, a field or a slice, or handed
// to another call, lets the closure escape.
func (g *callGraph) escapeMade(makers map[*ssa.Function]*ssa.Function) {
	for changed := true; changed; {
		changed = false
		for maker, made := range makers {
			if !g.escapes[made] && (g.open(maker) || !calledInPlace(g.calls[maker])) {
				g.escape(made, false)
				changed = true
			}
		}
	}
}

// calledInPlace reports whether each result of the call sites is used
// only as the function a call, defer or go statement runs.
func calledInPlace(sites []ssa.CallInstruction) bool {
	for _, site := range sites {
		call := site.Value()
		if call == nil {
			continue // a go or defer of the maker: its result is dropped
		}
		v := ssa.Value(call)
		for _, ref := range *call.Referrers() {
			switch use := ref.(type) {
			case *ssa.DebugRef:
			case ssa.CallInstruction:
				if c := use.Common(); c.Value != v || slices.Contains(c.Args, v) {
					return false
				}
			default:
				return false
			}
		}
	}
	return true
}

// open reports whether fn can be called from where the package's call
// graph does not see the call.
func (g *callGraph) open(fn *ssa.Function) bool {
	if g.escapes[fn] || g.kept[fn] || len(g.dynamic[fn]) > 0 {
		return true
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return fn.Parent() == nil // a wrapper or an initialiser: not known
	}
	return obj.Exported() || fn.Signature.Recv() != nil && g.invoked[obj.Name()]
}

// publishes reports whether instr hands its operands to code the
// function does not control: a store into a field or variable that
// outlives the call, a send, a return. A func value kept in a local (a
// slice of callbacks run later) stays its parent's, and silent.
func publishes(names *naming.Namer, instr ssa.Instruction) bool {
	switch in := instr.(type) {
	case *ssa.Store:
		r, ok := names.Location(in.Addr)
		return !ok || r.Crosses()
	case *ssa.MapUpdate:
		r, ok := names.Location(in.Map)
		return !ok || r.Crosses()
	case *ssa.Send, *ssa.Return:
		return true
	}
	return false
}

// noteCall records a call site, and the func values passed to it: run
// by the callee, or escaping.
func (m *model) noteCall(g *callGraph, call ssa.CallInstruction) {
	c := call.Common()
	if f := naming.FuncOf(c.Value); f != nil {
		g.calls[f] = append(g.calls[f], call)
		g.callees[call.Parent()] = append(g.callees[call.Parent()], f)
	} else {
		for _, f := range m.settled(c) {
			g.dynamic[f] = append(g.dynamic[f], call)
			g.settled[call.Parent()] = append(g.settled[call.Parent()], f)
		}
	}
	if c.IsInvoke() {
		g.invoked[c.Method.Name()] = true
	}
	var runs []SumRun
	external := true // a func value or interface method: not known here
	cal, resolved := naming.Resolve(c)
	if resolved {
		if sum := m.sums.Of(cal.Fn); sum != nil {
			runs = sum.Runs
		}
		external = cal.Fn.Pkg != m.ssaPkg
	}
	for j, arg := range c.Args {
		f := naming.FuncOf(arg)
		if f == nil {
			continue
		}
		if syncCallback(call) && !Later(c, arg) {
			// A callback taker runs it before it returns, as far as
			// the caller's goroutine is concerned (t.Run, sort.Slice).
			g.callees[call.Parent()] = append(g.callees[call.Parent()], f)
		}
		run := false
		for _, r := range runs {
			// Method calls count the receiver as argument 0 in both.
			if !r.Free && r.Param == j {
				run = true
			}
		}
		if !run && !(external && syncCallback(call) && !Later(c, arg)) {
			g.escape(f, !external && (keptParam(g.fields, cal.Fn, j) || linked(cal.Fn)))
		}
	}
}

// linked reports whether fn, a function of the package, is declared
// without a body and linked to a hook the runtime provides
// (//go:linkname runtime_registerPoolCleanup
// sync.runtime_registerPoolCleanup: a target in package runtime, or
// named runtime_…, which the runtime implements). The runtime calls what
// it is given under conditions of its own (a pool cleanup with the world
// stopped) that no Go code of the program arranges: a func value handed
// to it is kept, as in a field only the package calls, and its uses are
// not judged. Assembly, or a link to another package's Go function,
// runs what it is given as Go code does: an escape.
func linked(fn *ssa.Function) bool {
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if !ok || decl.Body != nil || decl.Doc == nil {
		return false
	}
	for _, c := range decl.Doc.List {
		f := strings.Fields(strings.TrimPrefix(c.Text, "//go:linkname "))
		if !strings.HasPrefix(c.Text, "//go:linkname ") || len(f) != 2 || f[0] != decl.Name.Name {
			continue
		}
		dot := strings.LastIndex(f[1], ".")
		if pkg, name := f[1][:max(dot, 0)], f[1][dot+1:]; pkg == "runtime" || strings.HasPrefix(name, "runtime_") {
			return true
		}
	}
	return false
}

// escape records that f's value leaves the function that names it:
// into a kept field (see kept.go), or anywhere.
func (g *callGraph) escape(f *ssa.Function, kept bool) {
	if kept {
		g.kept[f] = true
	} else {
		g.escapes[f] = true
	}
}

// syncCallback reports whether the func values passed in call are taken
// to run before it returns: a call (not go) of an unknown func value or
// of another package's function, such as sort.Slice or sync.Once.Do,
// whose summary does not say. Precision first: a callback counts as
// covered by its caller's gates rather than as a path of its own. An
// HTTP handler among them is not, nor the func of time.AfterFunc
// (Later).
func syncCallback(call ssa.CallInstruction) bool {
	_, isGo := call.(*ssa.Go)
	return !isGo
}

// Later reports whether arg, an argument of c, a call of a function the
// package does not see into, is kept and run later on another goroutine,
// not before the call returns: an HTTP handler (known.HTTPHandler), which
// the server runs for each request on the request's goroutine, or the
// func of time.AfterFunc or context.AfterFunc (known.RunsLater). The
// receiver of a method call is no argument here: h.ServeHTTP(w, r) runs
// h in place.
func Later(c *ssa.CallCommon, arg ssa.Value) bool {
	j := slices.Index(c.Args, arg)
	if j < 0 || j == 0 && !c.IsInvoke() && c.Signature().Recv() != nil {
		return false
	}
	if known.HTTPHandler(arg.Type()) {
		return true
	}
	callee := c.StaticCallee()
	if callee == nil {
		return false
	}
	fn, _ := callee.Object().(*types.Func)
	_, later := known.RunsLater(fn, j)
	return later
}

// StaticCalls yields fi's plain calls (not go or defer) whose callee
// naming.Resolve knows, with that callee.
func (fi *FuncInfo) StaticCalls() iter.Seq2[*ssa.Call, naming.Callee] {
	return func(yield func(*ssa.Call, naming.Callee) bool) {
		for _, b := range fi.Fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				if cal, ok := naming.Resolve(&call.Call); ok && !yield(call, cal) {
					return
				}
			}
		}
	}
}
