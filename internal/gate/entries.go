package gate

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Entries are the functions a package can be entered by with nothing
// held: exported functions and methods, main, and every function whose
// value escapes (stored, returned, passed to code that is not known to
// run it under a gate). The others — unexported helpers with callers in
// the package, closures called in place, started as goroutines, or passed
// to a function whose summary runs them — are reached only through their
// callers, whose uses include theirs with the caller's gates held. So a
// pass that looks at the uses of entries sees each path once, with what
// it really holds: an xxxLocked helper is entered holding its caller's
// gate without an annotation.
//
// Functions that run before the package is published (init, package
// variable initialisers, and what only they call) are no entries.

// callGraph is what the model knows of the package's own calls.
type callGraph struct {
	calls   map[*ssa.Function][]ssa.CallInstruction // static call sites
	escapes map[*ssa.Function]bool
	invoked map[string]bool // method names called through interfaces
	fset    *token.FileSet
}

func (m *model) buildCallGraph(funcs []*ssa.Function) *callGraph {
	g := &callGraph{calls: make(map[*ssa.Function][]ssa.CallInstruction), escapes: make(map[*ssa.Function]bool),
		invoked: make(map[string]bool), fset: m.pass.Fset}
	var ops []*ssa.Value
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if _, isClosure := instr.(*ssa.MakeClosure); isClosure {
					continue // the closure value's uses are what count
				}
				if call, ok := instr.(ssa.CallInstruction); ok {
					m.noteCall(g, call)
					continue
				}
				if !publishes(instr) {
					continue
				}
				ops = instr.Operands(ops[:0])
				for _, op := range ops {
					if f := FuncOf(*op); f != nil {
						g.escapes[f] = true
					}
				}
			}
		}
	}
	return g
}

// publishes reports whether instr hands its operands to code the
// function does not control: a store into a field or variable that
// outlives the call, a send, a return. A func value kept in a local (a
// slice of callbacks run later) stays its parent's, and silent.
func publishes(instr ssa.Instruction) bool {
	switch in := instr.(type) {
	case *ssa.Store:
		r, ok := newRefs(in.Parent()).resource(in.Addr)
		return !ok || r.Crosses()
	case *ssa.MapUpdate:
		r, ok := newRefs(in.Parent()).resource(in.Map)
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
	if f := FuncOf(c.Value); f != nil {
		g.calls[f] = append(g.calls[f], call)
	}
	if c.IsInvoke() {
		g.invoked[c.Method.Name()] = true
	}
	var runs []SumRun
	external := true // a func value or interface method: not known here
	if cal, ok := Resolve(c); ok {
		if sum := m.summaryOf(cal.Fn); sum != nil {
			runs = sum.Runs
		}
		external = cal.Fn.Pkg != m.ssaPkg
	}
	for j, arg := range c.Args {
		f := FuncOf(arg)
		if f == nil {
			continue
		}
		run := false
		for _, r := range runs {
			// Method calls count the receiver as argument 0 in both.
			if !r.Free && r.Param == j {
				run = true
			}
		}
		if !run && !(external && syncCallback(call)) {
			g.escapes[f] = true
		}
	}
}

// entry reports whether fn can be entered from outside the package or
// from unknown code.
func (g *callGraph) entry(fn *ssa.Function) bool {
	if beforePublication(fn) {
		return false
	}
	if g.escapes[fn] {
		// A returned closure whose maker states a contract ("the
		// returned function must be called under the lock") is bound
		// by it.
		return !statesContract(Outermost(fn))
	}
	if fn.Parent() != nil {
		return false // called in place, started, or run by a callee
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return false
	}
	if expectsHeld(obj.Name()) || statesContract(fn) || g.testOnly(fn) {
		return false
	}
	if obj.Exported() || (obj.Name() == "main" && obj.Pkg() != nil && obj.Pkg().Name() == "main") {
		return true
	}
	if fn.Signature.Recv() != nil && g.invoked[obj.Name()] {
		return false // called through an interface of the package's own
	}
	return len(g.calls[fn]) == 0
}

// testOnly reports whether fn is test code: declared in a _test.go file,
// or a helper named for tests. Tests drive the code from one goroutine.
func (g *callGraph) testOnly(fn *ssa.Function) bool {
	name := fn.Name()
	if strings.HasSuffix(name, "ForTesting") || strings.HasSuffix(name, "ForTest") {
		return true
	}
	return strings.HasSuffix(g.fset.Position(fn.Pos()).Filename, "_test.go")
}

// contracts are phrases of doc comments that put a function under an
// ordering or locking contract the code cannot show: "must not be called
// until after WriteHeader", "must be called within a callback", "not
// safe for concurrent use", "callers must hold the lock".
var contracts = []string{
	"must be called", "must not be called", "must only be called", "should only be called",
	"only be called", "not thread-safe", "not thread safe", "not safe for concurrent",
	"not concurrency-safe", "must hold", "must be held", "with the lock held",
}

// statesContract reports whether fn's doc comment states such a contract.
func statesContract(fn *ssa.Function) bool {
	decl, ok := fn.Syntax().(*ast.FuncDecl)
	if !ok || decl.Doc == nil {
		return false
	}
	doc := strings.ToLower(strings.Join(strings.Fields(decl.Doc.Text()), " "))
	for _, c := range contracts {
		if strings.Contains(doc, c) {
			return true
		}
	}
	return false
}

// expectsHeld reports whether a function's name says that its callers
// synchronise for it (fooLocked, UnsafeLoad), or that it belongs to a
// lifecycle phase in which the value is not shared (Init, Start, setup,
// Close, Stop, Shutdown): such functions are reached through their
// callers only. Names are matched by their words: Closest is no Close.
func expectsHeld(name string) bool {
	words := Words(name)
	switch words[0] {
	case "unsafe", "init", "setup", "close", "stop", "shutdown":
		return true
	}
	return words[len(words)-1] == "locked" || (len(words) == 1 && words[0] == "start")
}

// Words splits a Go name into its lower-cased words: GracefulStop is
// graceful, stop; closeAllLocked is close, all, locked.
func Words(name string) []string {
	var out []string
	start := 0
	for i := 1; i <= len(name); i++ {
		if i == len(name) || name[i] == '_' || (isUpper(name[i]) && !isUpper(name[i-1])) {
			if w := strings.Trim(name[start:i], "_"); w != "" {
				out = append(out, strings.ToLower(w))
			}
			start = i
		}
	}
	if len(out) == 0 {
		out = append(out, strings.ToLower(name))
	}
	return out
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

// beforePublication reports whether fn is an init function, a package
// initialiser, or a closure inside one.
func beforePublication(fn *ssa.Function) bool {
	fn = Outermost(fn)
	return fn.Synthetic == "package initializer" || strings.HasPrefix(fn.Name(), "init#")
}

// syncCallback reports whether the func values passed in call are taken
// to run before it returns: a call (not go) of an unknown func value or
// of another package's
// function, such as sort.Slice or sync.Once.Do, whose summary does not
// say. Precision first: a callback counts as covered by its caller's
// gates rather than as a path of its own.
func syncCallback(call ssa.CallInstruction) bool {
	_, isGo := call.(*ssa.Go)
	return !isGo
}

// Outermost returns the named function a function literal is nested in
// (fn itself when it is not a literal).
func Outermost(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}
