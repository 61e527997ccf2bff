package gate

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

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
	fs.acquired = make(map[acquireSlot]int)
	var exits, nilExits []*state
	forCaller := make(map[int]*Flag)
	var callerDrops bitset   // the caller's gates a callee lets go of
	var callerRetakes bitset // the caller's gates a callee lets go of and takes back
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
				m.deferredAcquires(fi, sum, st, returnAfter(in), released)
				for _, d := range st.deferred {
					noteCallerReleases(forCaller, &callerDrops, &callerRetakes, d, st, lateReleases(fs.effects[d]))
				}
			}
			if starts(instr) {
				return
			}
			// A deferred release is judged where it is deferred: right
			// after the acquire it pairs with, usually.
			_, deferred := instr.(*ssa.Defer)
			es := fs.effects[instr]
			if deferred {
				es = slices.DeleteFunc(slices.Clone(es), func(e effect) bool { return e.late })
			}
			noteCallerReleases(forCaller, &callerDrops, &callerRetakes, instr, st, es)
			if deferred {
				return
			}
			for _, e := range fs.effects[instr] {
				if e.op == known.Acquire && e.check {
					m.recordAcquire(fi, sum, instr, st, e, released)
				}
			}
		})
	}
	exitEffects(fs, sum, exits, nilExits, forCaller, callerDrops, callerRetakes)
	return sum
}

// retaken returns, of the gates fs's function releases on its caller's
// behalf but does not leave held on every return, those it holds again
// at every return when its caller held them at the call: a helper that
// lets go of the caller's lock only on some paths, and takes it again
// before it returns on each of them (if an upload runs: unlock, wait for
// it, lock). Its caller still holds them after the call. The function is
// solved once more, from an entry that holds them. held is the join of
// its returns' states.
func (fs *funcState) retaken(held *state, forCaller map[int]*Flag) map[int]*Holding {
	var ids []int
	for id := range forCaller {
		if held.get(id) == nil {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	entry := fs.initial.clone()
	for _, id := range ids {
		entry.hold(id, &Holding{GateOp: fs.gates[id], Contract: true})
	}
	in := fs.solveFrom(entry, fs.paths)
	var again []*state
	for _, b := range fs.fn.Blocks {
		if in[b.Index] == nil {
			continue
		}
		var relocked []effect // deferred acquires that surely run at this return
		fs.transfer(b, in[b.Index].clone(), func(instr ssa.Instruction, st *state) {
			switch instr.(type) {
			case *ssa.RunDefers:
				relocked = fs.sureDeferredAcquires(st, b)
			case *ssa.Return:
				x := st.clone()
				for _, e := range relocked {
					x.hold(e.id, &Holding{GateOp: e.gate, Pos: e.pos, What: e.what})
				}
				again = append(again, x)
			}
		})
	}
	if len(again) == 0 {
		return nil
	}
	out := make(map[int]*Holding)
	joined := joinAll(again)
	for _, id := range ids {
		if h := joined.get(id); h != nil {
			out[id] = h
		}
	}
	return out
}

// noteCallerReleases records in forCaller the gates that es release where
// this function had not acquired them: releases on the caller's behalf,
// with the parameter flag they share, if any; in drops the gates that a
// callee lets go of (an xxxLocked helper that unlocks around its slow
// part), where this function had not acquired them: it lets go of them
// too, though its caller holds them again after; and in retakes those
// of them a callee takes back before it returns.
func noteCallerReleases(forCaller map[int]*Flag, drops, retakes *bitset, instr ssa.Instruction, st *state, es []effect) {
	var acquired bitset // by an earlier effect of the same call (once.Do)
	for _, e := range es {
		for k := range e.drops.all {
			if h := st.get(k); h != nil && !h.Contract {
				continue
			}
			if e.check {
				drops.set(k)
			} else {
				retakes.set(k) // on a gate the callee holds on return
			}
		}
		k := e.id
		if e.op == known.Acquire {
			acquired.set(k)
		}
		// A gate held only by the function's contract is its caller's:
		// releasing it lets go of the caller's gate (b.mu.Unlock() in a
		// setLocked whose doc says "b.mu must be held").
		if h := st.get(k); e.op != known.Release || h != nil && !h.Contract || acquired.has(k) {
			continue
		}
		g := e.flag
		if g == nil {
			g = BlockFlag(instr.Block())
		}
		if prev, seen := forCaller[k]; seen && (prev == nil || g == nil || *prev != *g) {
			g = nil
		}
		forCaller[k] = g
	}
}

// lateReleases returns the releases of es judged as the deferred calls
// run (effect.late).
func lateReleases(es []effect) []effect {
	var out []effect
	for _, e := range es {
		if e.late {
			out = append(out, e)
		}
	}
	return out
}

// returnsNilError reports whether ret can return a nil error as the last
// result of a function whose last result is an error: a constant nil
// (an acquire helper, Acquire(ctx) error, or one that returns what it
// locked for, idle() (*idleCommand, error)), or an err that a test found
// nil on some path to the return (cfg.NilReaching: return err after if
// err == nil { mu.Lock(); …; mu.Unlock() } returns nil, not holding).
func returnsNilError(ret *ssa.Return) bool {
	res := ret.Parent().Signature.Results()
	n := res.Len()
	if n == 0 || len(ret.Results) != n || !types.Identical(res.At(n-1).Type(), types.Universe.Lookup("error").Type()) {
		return false
	}
	v := naming.Returned(ret, n-1)
	if k, ok := v.(*ssa.Const); ok {
		return k.IsNil()
	}
	return cfg.NilReaching(v, ret)
}

// sureDeferredAcquires returns the acquires of the calls deferred by
// defer statements that every path to block b passes (they dominate it),
// pending in st, that leave their gate held when the deferred calls have
// all run: they run as b's function returns (defer mu.Lock(), which
// takes back the lock a helper let go of). A deferred func that takes
// the lock only to record a result and lets go of it again (Lock; done
// = true; Unlock) leaves it released, and so does one followed by a
// release deferred before it on every path (defer mu.Unlock()), which
// runs after it; a release deferred only on some paths, or inside a
// deferred func that may skip it, may not run.
func (fs *funcState) sureDeferredAcquires(st *state, b *ssa.BasicBlock) []effect {
	var out []effect
	for i := len(st.deferred) - 1; i >= 0; i-- { // the order they run in
		d := st.deferred[i]
		for _, e := range fs.effects[d] {
			sure := d.Block().Dominates(b)
			switch {
			case e.op == known.Release && sure && !e.via && e.flag == nil:
				// defer mu.Unlock(), registered on every path: it runs
				// after the acquires deferred after it.
				out = slices.DeleteFunc(out, func(x effect) bool { return x.id == e.id })
			case e.op == known.Acquire && e.hold && e.cond == known.Always && sure:
				out = append(out, e)
			}
		}
	}
	return out
}

// exitEffects fills in what sum's function leaves held: on every return,
// or on every return of a nil error (an acquire helper); and which of the
// gates it released on its caller's behalf it leaves released (those it
// holds again on every return, retaken, it leaves held).
func exitEffects(fs *funcState, sum *Summary, exits, nilExits []*state, forCaller map[int]*Flag, callerDrops, callerRetakes bitset) {
	if len(exits) == 0 {
		return
	}
	held := joinAll(exits)
	retaken := fs.retaken(held, forCaller)
	var ok *state
	if len(nilExits) > 0 && len(nilExits) < len(exits) {
		ok = joinAll(nilExits)
	}
	for id, op := range fs.gates {
		if _, released := forCaller[id]; (released || callerDrops.has(id)) && op.Gate.Crosses() {
			sum.Drops = append(sum.Drops, op)
		}
		h := held.get(id)
		if h == nil {
			h = retaken[id]
		}
		if _, released := forCaller[id]; (released || callerRetakes.has(id)) && h != nil && op.Gate.Crosses() && !op.Kind.Counting() {
			sum.Retakes = append(sum.Retakes, op)
		}
		switch {
		case !op.Gate.Crosses() || !held.touched.has(id):
		case h != nil:
			sum.Holds = append(sum.Holds, h.GateOp)
		case ok != nil && ok.get(id) != nil:
			sum.HoldsIfNil = append(sum.HoldsIfNil, ok.get(id).GateOp)
			fallthrough
		default:
			if g, released := forCaller[id]; released {
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
