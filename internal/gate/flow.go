package gate

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
	"github.com/gatevet/gatevet/internal/values"
)

// A Holding is a gate held at some point of a function.
type Holding struct {
	GateOp
	Pos      token.Pos // where this function acquired it, or called what did
	What     string    // the operation or callee at Pos
	Via      bool      // acquired inside the callee What
	Contract bool      // held by a //gatevet:holds contract at Pos
}

func hasDefer(ds []*ssa.Defer, d *ssa.Defer) bool {
	for _, x := range ds {
		if x == d {
			return true
		}
	}
	return false
}

// funcState is the per-function working set of the analysis.
type funcState struct {
	fn      *ssa.Function
	refs    *naming.Namer
	chans   map[string]chanDir
	effects map[ssa.Instruction][]effect
	gates   []GateOp       // the gates effects name, by id
	gateIDs map[string]int // Ref.Key() -> id
	initial *state
	in      []*state      // the fixpoint's block entry states, read-only
	flagIn  []*state      // Walk's entry states for a lock flag (lockflag.go), or nil
	paths   *values.Paths // the branches values rule out
	// acquired indexes the summary being derived's Acquires by gate and
	// blocking (recordAcquire): a generated function that takes a
	// thousand locks merges each acquire in constant time.
	acquired map[acquireSlot]int
	// atReturn holds the deferred acquires recorded at a return already.
	atReturn map[atReturnKey]bool
}

// An acquireSlot is one entry of a summary's Acquires: a gate, by id,
// and whether its acquire blocks.
type acquireSlot struct {
	id       int
	blocking bool
}

// maxBlocks bounds the functions the model analyses; larger ones are
// left alone, so passes stay silent on them.
const maxBlocks = 10000

// solve runs the must-held dataflow to a fixpoint and returns the state
// at each block's entry, nil for unreached blocks: if false { … } is
// dead code, which holds nothing, and so is a branch the package's
// values rule out (package values: a settled flag, a non-nil field).
func (fs *funcState) solve() []*state { return fs.solveWith(fs.paths) }

// solveWith runs the dataflow along paths.
func (fs *funcState) solveWith(paths *values.Paths) []*state {
	return fs.solveFrom(fs.initial, paths)
}

// solveFrom runs the dataflow along paths from entry state entry.
func (fs *funcState) solveFrom(entry *state, paths *values.Paths) []*state {
	return cfg.Dataflow[*state]{
		Entry:    entry,
		Transfer: func(b *ssa.BasicBlock, st *state) []*state { return fs.transfer(b, st, nil) },
		Join:     (*state).join,
		Clone:    (*state).clone,
		Follow:   paths.Follow,
	}.Solve(fs.fn)
}

// replay runs each reached block once from its entry state in in,
// showing visit each instruction with the state just before it. The
// entry states are not changed: each replay works on clones, so that
// passes and sub-models may replay at once.
func (fs *funcState) replay(in []*state, visit func(instr ssa.Instruction, held Held)) {
	for _, b := range fs.fn.Blocks {
		if in[b.Index] == nil {
			continue
		}
		fs.transfer(b, in[b.Index].clone(), func(instr ssa.Instruction, st *state) {
			visit(instr, Held{st, fs.gateIDs})
		})
	}
}

// visitor sees each instruction with the state just before it.
type visitor func(instr ssa.Instruction, st *state)

// transfer runs block b from st; it returns one state per successor for
// an If whose outcome confirms a conditional acquire, else one state.
func (fs *funcState) transfer(b *ssa.BasicBlock, st *state, visit visitor) []*state {
	for _, instr := range b.Instrs {
		if visit != nil {
			visit(instr, st)
		}
		switch in := instr.(type) {
		case *ssa.Defer:
			if len(fs.effects[in]) > 0 && !hasDefer(st.deferred, in) {
				st.deferred = append(st.deferred, in)
			}
			continue
		case *ssa.RunDefers:
			for i := len(st.deferred) - 1; i >= 0; i-- {
				for _, e := range fs.effects[st.deferred[i]] {
					// A deferred acquire only touches: whether it runs
					// on this path is not known.
					if e.op == known.Release {
						apply(st, e)
					} else {
						st.touch(e.id)
					}
				}
			}
			st.deferred = nil
			continue
		}
		for _, e := range fs.effects[instr] {
			apply(st, e)
		}
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return []*state{st}
	}
	holds := fs.condHolds(ifi.Cond)
	if len(holds) == 0 {
		return []*state{st}
	}
	t, f := st, st.clone()
	for _, e := range holds {
		target := t
		if !e.onTrue {
			target = f
		}
		target.hold(e.id, e.holding)
	}
	return []*state{t, f}
}

func holding(e effect) Holding {
	return Holding{GateOp: e.gate, Pos: e.pos, What: e.what, Via: e.via}
}

// apply performs one effect on st, ignoring conditional holds, which the
// branch that confirms them performs.
func apply(st *state, e effect) {
	st.touch(e.id)
	switch {
	case e.op == known.Release:
		st.drop(e.id)
	case e.hold && e.cond == known.Always:
		st.hold(e.id, e.holding)
	}
}

type condHold struct {
	effect
	onTrue bool
}

// condHolds returns the conditional acquires that the branch on cond
// confirms, and on which side.
func (fs *funcState) condHolds(cond ssa.Value) []condHold {
	var out []condHold
	match := func(v ssa.Value, onTrue bool, want func(e effect) bool) {
		for _, e := range fs.effects[valueInstr(v)] {
			if e.hold && e.condVal == v && want(e) {
				out = append(out, condHold{e, onTrue})
			}
		}
	}
	switch c := cond.(type) {
	case *ssa.Call:
		match(c, true, func(e effect) bool { return e.cond == known.IfTrue })
	case *ssa.UnOp:
		if c.Op == token.NOT {
			if call, ok := c.X.(*ssa.Call); ok {
				match(call, false, func(e effect) bool { return e.cond == known.IfTrue })
			}
		}
	case *ssa.BinOp:
		if c.Op != token.EQL && c.Op != token.NEQ {
			break
		}
		x, y := c.X, c.Y
		if _, ok := x.(*ssa.Const); ok {
			x, y = y, x
		}
		k, ok := y.(*ssa.Const)
		if !ok {
			break
		}
		eq := c.Op == token.EQL
		switch x := x.(type) {
		case *ssa.Call:
			if k.IsNil() {
				match(x, eq, func(e effect) bool { return e.cond == known.IfNil })
			}
		case *ssa.Extract:
			if call, isCall := x.Tuple.(*ssa.Call); isCall {
				// The error, the last result, of a helper that holds
				// when it returns none.
				if k.IsNil() && x.Index == call.Call.Signature().Results().Len()-1 {
					match(call, eq, func(e effect) bool { return e.cond == known.IfNil })
				}
				break
			}
			sel, ok := x.Tuple.(*ssa.Select)
			if !ok || x.Index != 0 || k.Value == nil || k.Value.Kind() != constant.Int {
				break
			}
			idx, _ := constant.Int64Val(k.Value)
			if eq {
				match(sel, true, func(e effect) bool { return e.cond == known.IfIndex && int64(e.index) == idx })
			}
		}
	}
	return out
}

func valueInstr(v ssa.Value) ssa.Instruction {
	i, _ := v.(ssa.Instruction)
	return i
}
