package concurrency

import (
	"fmt"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
)

// Around the tests. A function that calls Run on a *testing.M (TestMain,
// or a helper TestMain hands m to) runs every test of the binary inside
// that call, and Run returns only once they have all returned:
//
//	func RunTests(m *testing.M) {
//		m.Run()
//		for _, p := range pathsToRemove { // every AddPathToRemove is done
//			os.RemoveAll(p)
//		}
//	}
//
// What the function does after the call, on every path, comes after
// whatever the tests did, and what it does before the call comes before
// they start. Neither meets a point of another function, unless that
// function may run on a goroutine the package's own code starts (a
// server TestMain runs beside the tests, a janitor an init starts).

// aroundTests reports whether pa lies before or after, on every path, a
// call of (*testing.M).Run in its function, and pb is in another
// function that no goroutine started outside the tests runs.
func (r *Result) aroundTests(pa, pb Point) (Reason, bool) {
	if pa.Func == nil || pb.Func == nil || pa.Func.Fn == pb.Func.Fn {
		return Reason{}, false
	}
	for _, b := range pa.Func.Fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || !runsTests(call) {
				continue
			}
			after := cfg.Dominates(call, pa.Instr)
			if !after && !cfg.Dominates(pa.Instr, call) {
				continue
			}
			if r.startedOutsideTests()[pb.Func] {
				return Reason{}, false
			}
			when := "before the tests start"
			if after {
				when = "after every test has returned"
			}
			return Reason{Pos: call.Pos(), What: fmt.Sprintf("runs %s (m.Run at %s)", when, gate.PosText(r.fset, call.Pos()))}, true
		}
	}
	return Reason{}, false
}

// Started reports whether fi may run on a goroutine that a function of
// the package, not of its tests, starts: such a function runs beside
// whatever the package's callers do, whoever they are.
func (r *Result) Started(fi *gate.FuncInfo) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.startedOutsideTests()[fi]
}

// startedOutsideTests returns the functions that may run on a goroutine
// a function of the package, not of its tests, starts.
func (r *Result) startedOutsideTests() map[*gate.FuncInfo]bool {
	if r.started != nil {
		return r.started
	}
	r.started = make(map[*gate.FuncInfo]bool)
	for _, fi := range r.gates.Funcs {
		if len(fi.Starts()) == 0 || r.gates.InTest(fi) {
			continue
		}
		_, started := r.gates.Reach(fi)
		for _, s := range started {
			r.started[s] = true
		}
	}
	return r.started
}

// runsTests reports whether call calls Run on a *testing.M.
func runsTests(call *ssa.Call) bool {
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Name() != "Run" || fn.Signature.Recv() == nil {
		return false
	}
	return known.IsNamed(fn.Signature.Recv().Type(), "testing", "M")
}
