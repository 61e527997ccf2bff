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
// them; and one on the test's own goroutine may be ordered by the
// test's waits (go record(); <-done; check()), which are not followed
// here, so it is not named.

// testRun is the goroutines one test entry starts on its own goroutine:
// the functions each reaches, and whether the test may start several of
// it (its go statement is in a loop that does not wait on each pass):
// those run beside each other.
type testRun struct {
	goroutines [][]*FuncInfo
	many       []bool
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
	if len(beside) == 0 {
		_, started := r.Reach(out)
		return started
	}
	return beside
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

// waitsInLoop reports whether the loop go statement start is in also
// waits (a receive, a select, a Wait): each pass may wait for the
// goroutine it started before it starts the next (wg.Add(1); go f();
// wg.Wait()), so the copies need not run beside each other.
func waitsInLoop(start ssa.Instruction) bool {
	for b := range cfg.LoopOf(start.Block()) {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.UnOp:
				if in.Op == token.ARROW {
					return true
				}
			case *ssa.Select:
				return true
			case ssa.CallInstruction:
				if f := in.Common().StaticCallee(); f != nil && f.Name() == "Wait" {
					return true
				}
			}
		}
	}
	return false
}
