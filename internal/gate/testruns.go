package gate

import (
	"go/token"
	"slices"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
)

// A test runs its own goroutine and those it starts; a function of a
// _test.go file that a test calls, rather than the test itself (a
// method of a type the test file declares, a helper), runs on whichever
// of them reach it. A writer can queue between its two read locks when
// the test runs it on a goroutine of its own beside the reader's: two
// goroutines the test starts, or two of one goroutine the test starts
// in a loop. One on the reader's goroutine runs before
// or after it; one in another test runs after it, as go test runs
// them. The test's own goroutine runs its steps (the calls and go
// statements of its body) in order: a goroutine a step starts runs
// beside what a later step calls on the test's goroutine, unless every
// path from the one step to the other waits (a receive, a blocking
// select, a Wait, or a call that makes one: go record(); <-done;
// check() is ordered). A call whose own run waits (start(); with a
// wg.Wait or a receive from a ready channel inside) is taken as waiting
// for what it starts.

// testRun is the goroutines one test entry starts on its own goroutine:
// the functions each reaches, and whether the test may start several of
// it (its go statement is in a loop that does not wait on each pass):
// those run beside each other.
type testRun struct {
	goroutines [][]*FuncInfo
	many       []bool
	steps      []testStep
}

// A testStep is a call or a go statement of a test entry's body: what a
// call runs on the test's goroutine, whether that waits, and the
// goroutines the step starts with what they reach.
type testStep struct {
	instr   ssa.Instruction
	own     []*FuncInfo // nil for a go statement
	waits   bool
	started []*FuncInfo
}

type testRunsOnce struct {
	once sync.Once
	runs []testRun
}

// testRuns lists the package's test entries' goroutines: an entry is a
// top-level function of a _test.go file that the package neither calls
// nor starts (TestX, BenchmarkX, TestMain). Each goroutine's list
// follows the calls the package settles too (an interface only the
// test's own type implements). A goroutine that starts others is one
// list with them: a writer it reaches is named beside a reader it also
// reaches only when the test may start several of it.
func (r *Result) testRuns() []testRun {
	t := &r.tests
	t.once.Do(func() {
		started := make(map[*ssa.Function]bool)
		for _, f := range r.Funcs {
			for _, g := range f.startedFuncs() {
				started[g] = true
			}
		}
		for _, f := range r.Funcs {
			if f.Fn.Parent() != nil || !r.InTest(f) || started[f.Fn] ||
				len(r.CallSites(f.Fn)) > 0 || len(r.DynamicCallSites(f.Fn)) > 0 {
				continue
			}
			var run testRun
			for _, g := range r.ownGoroutine(f.Fn) {
				for _, s := range g.starts {
					if s.Fn != nil {
						run.goroutines = append(run.goroutines, r.closure([]*ssa.Function{s.Fn}, r.callees(true, true)))
						run.many = append(run.many, cfg.InLoop(s.Instr) && !waitsInLoop(s.Instr))
					}
				}
			}
			run.steps = r.testSteps(f)
			t.runs = append(t.runs, run)
		}
	})
	return t.runs
}

// besideInTest returns the functions that can run beside fi, a function
// of a _test.go file: for a test entry (or a literal in one), what the
// goroutines it starts reach; for a function a goroutine the test
// starts reaches, what the test's other started goroutines reach.
func (r *Result) besideInTest(fi *FuncInfo) []*FuncInfo {
	out := r.outermost(fi)
	if len(r.CallSites(out.Fn)) == 0 && len(r.DynamicCallSites(out.Fn)) == 0 {
		_, started := r.Reach(out) // a test entry: its runs need not be listed
		return started
	}
	var beside []*FuncInfo
	for _, run := range r.testRuns() {
		for i, g := range run.goroutines {
			if !slices.Contains(g, out) {
				continue
			}
			for j, other := range run.goroutines {
				if j != i || run.many[i] {
					beside = append(beside, other...)
				}
			}
		}
	}
	beside = append(beside, r.besideInSteps(out)...)
	if len(beside) == 0 {
		_, started := r.Reach(out)
		return started
	}
	return beside
}

// testSteps returns the steps of a test entry's body.
func (r *Result) testSteps(entry *FuncInfo) []testStep {
	var steps []testStep
	for _, b := range entry.Fn.Blocks {
		for _, instr := range b.Instrs {
			if s, ok := entry.StartAt(instr); ok {
				if s.Fn != nil {
					steps = append(steps, testStep{instr: instr, started: r.closure([]*ssa.Function{s.Fn}, r.callees(true, true))})
				}
				continue
			}
			c, ok := instr.(*ssa.Call)
			if !ok || c.Common().StaticCallee() == nil || r.infos[c.Common().StaticCallee()] == nil {
				continue
			}
			step := testStep{instr: instr, own: r.ownGoroutine(c.Common().StaticCallee())}
			var roots []*ssa.Function
			for _, f := range step.own {
				step.waits = step.waits || waitsIn(f.Fn)
				roots = append(roots, f.startedFuncs()...)
			}
			step.started = r.closure(roots, r.callees(true, true))
			steps = append(steps, step)
		}
	}
	return steps
}

// besideInSteps returns what runs beside out, a function of a _test.go
// file, by the order of a test entry's steps: for out on the test's
// goroutine (a step's own run reaches it), the goroutines started by an
// earlier step that does not wait, when some path comes from that step
// to out's with no wait on the way; for out on a goroutine a step
// starts, what later steps run on the test's goroutine when some path
// comes to them with no wait.
func (r *Result) besideInSteps(out *FuncInfo) []*FuncInfo {
	var beside []*FuncInfo
	for _, run := range r.testRuns() {
		for _, at := range run.steps {
			onTest := slices.Contains(at.own, out)
			started := slices.Contains(at.started, out)
			if !onTest && !started {
				continue
			}
			for _, other := range run.steps {
				switch {
				case other.instr == at.instr:
				case onTest && !other.waits && unwaited(run, other, at.instr):
					beside = append(beside, other.started...)
				case started && other.own != nil && unwaited(run, at, other.instr):
					beside = append(beside, other.own...)
					beside = append(beside, other.started...)
				}
			}
		}
	}
	return beside
}

// unwaited reports whether some path of the test's body comes from step
// from to instruction to with no wait between: no receive, blocking
// select or Wait, and no step whose own run waits.
func unwaited(run testRun, from testStep, to ssa.Instruction) bool {
	b := from.instr.Block()
	i := slices.Index(b.Instrs, from.instr)
	if i+1 == len(b.Instrs) {
		return false // a go statement or call ends no block
	}
	return cfg.Meets(b.Instrs[i+1], func(x ssa.Instruction) bool { return x == to }, func(x ssa.Instruction) bool {
		if waitsAt(x) {
			return true
		}
		k := slices.IndexFunc(run.steps, func(s testStep) bool { return s.instr == x })
		return k >= 0 && run.steps[k].waits
	})
}

// ownGoroutine returns the functions root reaches on its own goroutine:
// its callees, static and settled, transitively, but not a function it
// only starts with a go statement.
func (r *Result) ownGoroutine(root *ssa.Function) []*FuncInfo {
	return r.closure([]*ssa.Function{root}, func(info *FuncInfo) []*ssa.Function {
		var out []*ssa.Function
		for _, f := range r.graph.callees[info.Fn] {
			if !onlyStarted(info.Fn, r.graph.calls[f]) {
				out = append(out, f)
			}
		}
		for _, f := range r.graph.settled[info.Fn] {
			if !onlyStarted(info.Fn, r.graph.dynamic[f]) {
				out = append(out, f)
			}
		}
		return out
	})
}

// onlyStarted reports whether every one of sites that lies in fn is a go
// statement, and one does.
func onlyStarted(fn *ssa.Function, sites []ssa.CallInstruction) bool {
	started := false
	for _, c := range sites {
		if c.Parent() != fn {
			continue
		}
		if _, ok := c.(*ssa.Go); !ok {
			return false
		}
		started = true
	}
	return started
}

// waitsIn reports whether fn waits on its own: it receives, selects
// blocking or calls a Wait.
func waitsIn(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if waitsAt(instr) {
				return true
			}
		}
	}
	return false
}

// waitsAt reports whether instr waits: a receive, a blocking select, a
// call of a method named Wait.
func waitsAt(instr ssa.Instruction) bool {
	switch in := instr.(type) {
	case *ssa.UnOp:
		return in.Op == token.ARROW
	case *ssa.Select:
		return in.Blocking
	case ssa.CallInstruction:
		f := in.Common().StaticCallee()
		return f != nil && f.Name() == "Wait"
	}
	return false
}

// waitsInLoop reports whether the loop go statement start is in also
// waits (a receive, a select, a Wait): each pass may wait for the
// goroutine it started before it starts the next (wg.Add(1); go f();
// wg.Wait()), so the copies need not run beside each other.
func waitsInLoop(start ssa.Instruction) bool {
	for b := range cfg.LoopOf(start.Block()) {
		if slices.ContainsFunc(b.Instrs, waitsAt) {
			return true
		}
	}
	return false
}
