package doublerelease

import (
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
)

// flow is the analysis of one gate in one function.
type flow struct {
	kind known.Kind
	fn   *ssa.Function
	// ops are the function's events on the gate, by instruction.
	ops map[ssa.Instruction][]*gate.Event
	// rebinds are the stores that may make the gate's name stand for
	// another gate: they write a pointer on its path (m = &other, s.mu =
	// other), or the gate itself.
	rebinds map[ssa.Instruction]bool
	// settle holds, for each block whose If settles a conditional
	// acquire of the gate made in the block, that acquire and the
	// successor on which it holds.
	settle map[*ssa.BasicBlock]settled
	in     []*gateState // the states at block entries; nil for unreached blocks
}

type settled struct {
	acq  *gate.Event
	succ int
}

// newFlow prepares the analysis of the gate whose events are ops.
func newFlow(fi *gate.FuncInfo, kind known.Kind, key string, ops map[ssa.Instruction][]*gate.Event) *flow {
	fl := &flow{kind: kind, fn: fi.Fn, ops: ops, rebinds: make(map[ssa.Instruction]bool), settle: make(map[*ssa.BasicBlock]settled)}
	for instr, es := range ops {
		for _, e := range es {
			if e.Op != known.Acquire || e.When == known.Always {
				continue
			}
			for _, c := range fi.Confirms(instr.Block()) {
				if c.Instr == instr && c.Gate.Key() == key {
					fl.settle[instr.Block()] = settled{e, c.Succ}
				}
			}
		}
	}
	return fl
}

// replay is what the final states say, collected instruction by
// instruction.
type replay struct {
	// callers is set when the function releases the gate where it may
	// not have acquired it: on its caller's behalf.
	callers  bool
	findings []*finding
	// frees are the releases that gave back everything the function
	// held, with the acquire they gave back.
	frees []free
	// atDefers are the states just before each RunDefers.
	atDefers map[ssa.Instruction]*gateState
}

type free struct {
	rel, acq *gate.Event
}

// solve runs the dataflow to its fixpoint, then replays it.
func (fl *flow) solve() *replay {
	fl.in = cfg.Dataflow[*gateState]{
		Entry:    &gateState{open: true},
		Transfer: fl.transfer,
		Join:     (*gateState).join,
		Clone:    (*gateState).clone,
	}.Solve(fl.fn)
	r := &replay{atDefers: make(map[ssa.Instruction]*gateState)}
	for _, b := range fl.fn.Blocks {
		if fl.in[b.Index] != nil {
			f := fl.in[b.Index].clone()
			for _, instr := range b.Instrs {
				fl.step(instr, f, r)
			}
		}
	}
	return r
}

// transfer runs block b from f, its entry state, and returns the states on
// b's successors, one for each.
func (fl *flow) transfer(b *ssa.BasicBlock, f *gateState) []*gateState {
	for _, instr := range b.Instrs {
		fl.step(instr, f, nil)
	}
	outs := make([]*gateState, len(b.Succs))
	for i := range b.Succs {
		outs[i] = fl.edge(b, i, f)
	}
	return outs
}

// edge returns the state on b's successor i, given f at b's end.
func (fl *flow) edge(b *ssa.BasicBlock, i int, f *gateState) *gateState {
	out := f.clone()
	if s, ok := fl.settle[b]; ok && s.succ == i {
		out.acquire(s.acq, fl.kind)
	}
	return out
}

// step runs instr on f; r, when not nil, collects what it sees.
func (fl *flow) step(instr ssa.Instruction, f *gateState, r *replay) {
	switch instr.(type) {
	case *ssa.Defer:
		for _, e := range fl.ops[instr] {
			r.noteCaller(e, f)
			f.deferOp(e)
		}
		return
	case *ssa.RunDefers:
		if r != nil {
			r.atDefers[instr] = f.clone()
		}
		pending, mixed := f.defers, f.mixed
		f.defers, f.mixed = nil, false
		if mixed {
			f.forget()
			return
		}
		for i := len(pending) - 1; i >= 0; i-- {
			fl.apply(pending[i], instr, f, r)
		}
		return
	}
	for _, e := range fl.ops[instr] {
		r.noteCaller(e, f)
		fl.apply(e, instr, f, r)
	}
	if fl.rebinds[instr] {
		f.forget()
	}
}

// noteCaller records e, made (or deferred) where f holds, when it is a
// release where a path may not have acquired the gate. r may be nil.
func (r *replay) noteCaller(e *gate.Event, f *gateState) {
	if r != nil && e.Op == known.Release && f.open {
		r.callers = true
	}
}

// apply performs e, which runs at at, on f; r, when not nil, collects
// what it sees.
func (fl *flow) apply(e *gate.Event, at ssa.Instruction, f *gateState, r *replay) {
	switch {
	case e.Via, e.InOnce:
		// A callee's operation: what it leaves is not followed. One a
		// Once runs happens only if the Once has not run, which a
		// path can reset (*once = sync.Once{}) after it locks again.
		f.forget()
	case e.Op == known.Release:
		d, frees := f.release(e, fl.kind)
		switch {
		case r == nil:
		case d != nil:
			d.at = at
			r.findings = append(r.findings, d)
		case frees && !e.Deferred:
			r.frees = append(r.frees, free{rel: e, acq: f.acq})
		}
	case certain(e):
		f.acquire(e, fl.kind)
	case fl.settle[e.Instr.Block()].acq != e:
		// A conditional acquire that no If of its block settles.
		f.forget()
	}
}

// certain reports whether acquire e holds the gate once it returns: it
// is not conditional, or it is a Weighted.Acquire whose context is never
// cancelled.
func certain(e *gate.Event) bool {
	return e.When == known.Always && (!e.Unchecked || e.NeverDone)
}
