package gate

import (
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// SumRun says that a function calls the func value in its parameter (or
// free variable) Param, holding the gates Under: withDevice(f) calls f under the
// device gate, so f's uses are guarded at withDevice's callers.
type SumRun struct {
	Param int
	Free  bool
	Under []GateOp
}

// Value returns the caller-side func value a run calls, or nil.
func (r SumRun) Value(cal naming.Callee) ssa.Value { return cal.Value(r.Param, r.Free) }

// translateOps rewrites a callee's gates into the caller's terms,
// dropping those the caller cannot name.
func (fs *funcState) translateOps(ops []GateOp, cal naming.Callee) []GateOp {
	var out []GateOp
	for _, op := range ops {
		if SelfSyncedArg(op.Gate, cal) {
			continue // sync.Once's mutex guards the Once, not the caller's data
		}
		if r, ok := fs.refs.Translate(op.Gate, cal); ok {
			out = append(out, GateOp{r, op.Kind, op.Mode})
		}
	}
	return out
}

// SelfSyncedArg reports whether r starts at an argument of cal whose
// type synchronises itself.
func SelfSyncedArg(r naming.Ref, cal naming.Callee) bool {
	return r.Root == naming.Param && r.Index < len(cal.Args) && known.SelfSynced(cal.Args[r.Index].Type())
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
	cal, ok := naming.Resolve(c)
	if ok {
		if sum := m.sums.Of(cal.Fn); sum != nil {
			for _, run := range sum.Runs {
				if g := flagOf(run.Value(cal)); g != nil {
					out = append(out, SumRun{Param: g.Param, Free: g.Free, Under: fs.translateOps(run.Under, cal)})
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
		if Later(c, a) {
			continue
		}
		// The closure may come converted to the callee's func type
		// (a literal passed as an fs.WalkDirFunc).
		inner, isClosure := naming.Target(naming.Unconverted(a))
		if !isClosure || inner.Bindings == nil {
			continue
		}
		if sum := m.sums.Of(inner.Fn); sum != nil {
			for _, run := range sum.Runs {
				if g := flagOf(run.Value(inner)); g != nil && run.Free {
					out = append(out, SumRun{Param: g.Param, Free: g.Free, Under: fs.translateOps(run.Under, inner)})
				}
			}
		}
	}
	return out
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
			r.Under = append(r.Under, g.h.GateOp)
		}
	}
	sum.Runs = append(sum.Runs, r)
}
