package gate

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
)

// A HandedRelease is a func value that releases one of the function's
// gates and that the function hands on instead of calling it: stores,
// passes, sends or returns it (mu.Unlock given to a "started" hook, a
// literal that unlocks kept as a callback). Whoever keeps it may release
// the gate at any time; Go's locks have no owner.
type HandedRelease struct {
	Gate  GateOp
	Instr ssa.Instruction // where the value is handed on
}

// handedReleases returns the func values of fs's function that release
// a gate and that it hands on (leavesAt, as LiteralReleases judges a
// literal's releases in place or not): bound release methods as well as
// literals, and literals whose goroutines release. A value it only calls
// or defers is followed by the effects themselves.
func (m *model) handedReleases(fs *funcState) []HandedRelease {
	var out []HandedRelease
	for _, b := range fs.fn.Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok {
				continue
			}
			at := leavesAt(mc)
			if at == nil {
				continue
			}
			for _, e := range m.callEffects(fs, &ssa.CallCommon{Value: mc}, nil, mc.Pos()) {
				if e.op == known.Release {
					out = append(out, HandedRelease{Gate: e.gate, Instr: at})
				}
			}
			for _, g := range m.startedReleases(fs, mc) {
				out = append(out, HandedRelease{Gate: g, Instr: at})
			}
		}
	}
	return out
}

// startedReleases returns, in fs's terms, the gates that the goroutines
// the func value mc starts release: a func handed on that starts a
// feeder which unlocks when it is done releases the gate too, later. A
// release of a gate the func holds itself at the go statement gives
// back its own acquire, not the caller's; one it holds by contract (its
// callers hold it) is the caller's.
func (m *model) startedReleases(fs *funcState, mc *ssa.MakeClosure) []GateOp {
	cals := m.targets(&ssa.CallCommon{Value: mc})
	if len(cals) != 1 {
		return nil
	}
	fn := cals[0].Fn // a bound method's value runs the method
	if o := fn.Origin(); o != nil {
		fn = o // a generic method's instance: its origin was analysed
	}
	li := m.infos[fn]
	if li == nil {
		return nil
	}
	var out []GateOp
	for _, b := range li.Fn.Blocks {
		for _, instr := range b.Instrs {
			es := li.fs.effects[instr]
			if !starts(instr) || !slices.ContainsFunc(es, func(e effect) bool { return e.op == known.Release }) {
				continue
			}
			held := li.fs.stateAt(instr)
			if held == nil {
				continue // no path reaches it
			}
			for _, e := range es {
				if e.op != known.Release {
					continue
				}
				if h := held.get(e.id); h != nil && !h.Contract {
					continue // the func's own acquire, given back
				}
				if ref, ok := fs.refs.Translate(e.gate.Gate, cals[0]); ok {
					out = append(out, GateOp{ref, e.gate.Kind, e.gate.Mode})
				}
			}
		}
	}
	return out
}

// stateAt returns fs's state just before instr, or nil when no path
// reaches it.
func (fs *funcState) stateAt(instr ssa.Instruction) *state {
	b := instr.Block()
	if fs.in[b.Index] == nil {
		return nil
	}
	var at *state
	fs.transfer(b, fs.in[b.Index].clone(), func(x ssa.Instruction, st *state) {
		if x == instr {
			at = st.clone()
		}
	})
	return at
}
