package gate

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Acquire points come from three places, each through newAcquirePoint:
// the summary's walk of a function (recordAcquire: every acquire, with
// what is held before it), a loop's back edge (loops.go: a gate the
// previous iteration still holds, Carried), and the deferred calls run
// at a return (deferredAcquires: a deferred Lock written for a deferred
// Unlock, a deferred call that acquires inside, AtReturn).

// An AcquirePoint is an acquire in a function, direct or through a call,
// with the same gate's holding just before it if it is must-held there.
type AcquirePoint struct {
	Instr    ssa.Instruction
	Pos, End token.Pos // of the operation or call
	GateOp   GateOp
	Blocking bool
	// OrElse is set for an acquire that is a case of a select whose
	// other cases can end the wait instead (SumAcquire.OrElse).
	OrElse bool
	// Partial is set for a callee's acquire that it makes on some of its
	// paths only (SumAcquire.Partial).
	Partial bool
	// Flag is set for a callee's acquire that depends on a bool this
	// function passes on from its own parameter or free variable: the
	// acquire happens only when that is Flag.When.
	Flag    *Flag
	What    string // the operation or callee that acquires
	Chain   []Hop  // inside the callee, down to the gate operation
	Holding *Holding
	// Element, for an acquire of each element of a container on every
	// pass of a loop (c.mu for c in range s.conns, or a callee's
	// s.conns[?].mu on every path), is the lock of one element of that
	// same container that the path holds already (p.mu, p :=
	// s.conns[k]): the loop comes to it, unless the element left the
	// container meanwhile.
	Element *Holding
	// Also are the other gates must-held just before it.
	Also []*Holding
	// Owned is true when this function releases the gate itself
	// somewhere: a counting semaphore acquired without any release in
	// the function hands its permits to someone else.
	Owned bool
	// Carried is set when Holding comes from the previous iteration of a
	// loop around the acquire (see loops.go); Also is then empty, and
	// Continue is the continue statement that comes round holding it
	// (NoPos when the hold comes round the end of the loop's body).
	Carried  bool
	Continue token.Pos
	// Sometimes is set for a Carried hold that some paths round the loop
	// carry and others do not: a local flag records the hold and the
	// acquire does not test it (see flagged.go); Skipped is then the
	// release in the loop that the carrying iteration skips (NoPos when
	// the loop has none), and Recorded the flag's name.
	Sometimes bool
	Skipped   token.Pos
	Recorded  string
	// AtReturn is set for a deferred acquire, which runs at return: a
	// deferred Lock (defer mu.Lock(), written for defer mu.Unlock())
	// while the gate is held, or a deferred call that acquires inside
	// (defer s.flush(), defer once.Do(f)); Instr is the defer
	// statement, and Return the return statement it runs at (NoPos when
	// the function falls off its end).
	AtReturn bool
	Return   token.Pos
}

// newAcquirePoint returns the acquire point of effect e of instr, with
// held the same gate's holding just before it, if any.
func newAcquirePoint(instr ssa.Instruction, e effect, held *Holding) AcquirePoint {
	return AcquirePoint{Instr: instr, Pos: e.pos, End: e.end, GateOp: e.gate, Blocking: e.blocking, OrElse: e.orElse, Partial: e.partial, Flag: e.flag, What: e.what, Chain: e.chain, Holding: held}
}

// recordAcquire adds an acquire point to fi, and to the summary when the
// gate is untouched since entry on every path to it, or on some path
// when the acquire is one each pass round its loop makes (the first pass
// of a loop that locks on each pass acquires for its callers; a loop
// that locks in one case of a switch on its state may never do it).
func (m *model) recordAcquire(fi *FuncInfo, sum *Summary, instr ssa.Instruction, st *state, e effect, released bitset) {
	ap := newAcquirePoint(instr, e, st.get(e.id))
	ap.Owned = released.has(e.id)
	for _, g := range st.held {
		if g.id != e.id && !e.drops.has(g.id) {
			ap.Also = append(ap.Also, g.h)
		}
	}
	if u := e.under; u != nil && ap.Holding == nil && u.Gate.Key() == e.gate.Gate.Key() {
		ap.Holding = u
	} else if u != nil {
		ap.Also = append(ap.Also, u)
	}
	if ap.Holding == nil && e.blocking {
		ap.Element = fi.fs.heldElement(st, e, instr)
	}
	fi.Acquires = append(fi.Acquires, ap)
	if st.everyPath.has(e.id) || st.touched.has(e.id) && !cfg.EveryPass(instr.Block()) {
		return
	}
	// A lock of an element the function looked up or ranged over is,
	// to its callers, a lock of some element of the container.
	gate, each := e.gate, e.each
	if !gate.Gate.Crosses() {
		w, ok := fi.fs.refs.Within(gate.Gate)
		if !ok {
			return
		}
		gate.Gate = w
		each = fi.fs.refs.Each(e.gate.Gate) && cfg.EveryPass(instr.Block())
	}
	chain := Prepend(Hop{What: e.what, At: PosText(m.pass.Fset, e.pos), pos: e.pos, end: e.end}, e.chain)
	flag := e.flag
	if flag == nil {
		flag = BlockFlag(instr.Block())
	}
	// A path to a return that passes no acquire of the gate leaves it
	// alone (a flag's branch is the flag's business, settled at calls).
	partial := e.partial || !onEveryReturn(instr.Block()) && flag == nil
	// One entry per gate and blocking: a gate acquired on several paths
	// is one fact for callers (one report, small facts). The entry is
	// guarded only if every path shares the flag, and partial only if
	// every acquire is.
	slot := acquireSlot{e.id, e.blocking}
	if i, ok := fi.fs.acquired[slot]; ok {
		a := sum.Acquires[i]
		if a.Flag != nil && (flag == nil || *a.Flag != *flag) {
			sum.Acquires[i].Flag = nil
		}
		sum.Acquires[i].Partial = a.Partial && partial
		sum.Acquires[i].OrElse = a.OrElse && e.orElse
		return
	}
	fi.fs.acquired[slot] = len(sum.Acquires)
	sum.Acquires = append(sum.Acquires, SumAcquire{GateOp: gate, Blocking: e.blocking, Partial: partial, Each: each, Chain: chain, Flag: flag, OrElse: e.orElse})
}

// onEveryReturn reports whether every path to a return of b's function
// passes through b, counting a block that runs on every pass round its
// loop as passed when the loop's header is: a loop that locks on each
// pass locks whenever its function does its work (an empty loop is no
// path a caller relies on).
func onEveryReturn(b *ssa.BasicBlock) bool {
	if h := cfg.LoopHeader(b); h != nil && cfg.EveryPass(b) {
		return cfg.OnEveryReturn(h)
	}
	return cfg.OnEveryReturn(b)
}

// deferredAcquires records the deferred blocking acquires that run at a
// return reached with state st, as acquire points with AtReturn set: the
// deferred calls run last deferred first, so a release deferred after
// the acquire runs before it, and one deferred before it runs after.
// A deferred Lock (defer mu.Lock(), written for defer mu.Unlock()) is
// recorded only while its gate is still held; a deferred call that
// acquires inside (defer s.flush(), defer once.Do(f)) is recorded with
// what is held when it runs, and enters the summary as the function's
// own acquire when the gate is untouched since entry on some path.
func (m *model) deferredAcquires(fi *FuncInfo, sum *Summary, st *state, ret token.Pos, released bitset) {
	fs := fi.fs
	sim := st.clone()
	for i := len(sim.deferred) - 1; i >= 0; i-- {
		d := sim.deferred[i]
		es := fs.effects[d]
		for j, e := range es {
			inside := e.via || releasedAfter(es[j+1:], e.id)
			switch {
			case e.op == known.Release:
				sim.drop(e.id)
			case e.op != known.Acquire || !e.blocking || fs.atReturn[atReturnKey{d, e.pos, e.gate.Gate.Key()}]:
			case !inside && sim.get(e.id) != nil:
				ap := newAcquirePoint(d, e, sim.get(e.id))
				ap.Owned, ap.AtReturn, ap.Return = true, true, ret
				fi.Acquires = append(fi.Acquires, ap)
				fs.noteAtReturn(d, e)
			case inside && e.check:
				m.recordAcquire(fi, sum, d, sim, e, released)
				ap := &fi.Acquires[len(fi.Acquires)-1]
				ap.AtReturn, ap.Return = true, ret
				fs.noteAtReturn(d, e)
			}
		}
	}
}

// releasedAfter reports whether es, the rest of one call's effects,
// release gate id: the call takes it and gives it back (once.Do).
func releasedAfter(es []effect, id int) bool {
	for _, e := range es {
		if e.op == known.Release && e.id == id {
			return true
		}
	}
	return false
}

// returnAfter returns the position of the return statement that rd, the
// running of the deferred calls, precedes.
func returnAfter(rd *ssa.RunDefers) token.Pos {
	for _, instr := range rd.Block().Instrs {
		if ret, ok := instr.(*ssa.Return); ok {
			return ret.Pos()
		}
	}
	return token.NoPos
}

// An atReturnKey is a deferred acquire recorded at some return: the
// defer, its operation's position and its gate.
type atReturnKey struct {
	d   ssa.Instruction
	pos token.Pos
	key string
}

// noteAtReturn records that deferred acquire e of d has its acquire
// point, so that the function's other returns do not add it again.
func (fs *funcState) noteAtReturn(d ssa.Instruction, e effect) {
	if fs.atReturn == nil {
		fs.atReturn = make(map[atReturnKey]bool)
	}
	fs.atReturn[atReturnKey{d, e.pos, e.gate.Gate.Key()}] = true
}

// heldElement returns the lock st holds of an element of the container
// whose every element e locks (see AcquirePoint.Element): e's gate is
// some element's that a callee ranges over, locking on every pass and
// on every path (SumAcquire.Each), or an element's that the function
// ranges over itself, locked on every pass. An index loop may skip
// some (for i := 1; …), and counts for neither. Two read locks are the
// recursive read lock's business.
func (fs *funcState) heldElement(st *state, e effect, instr ssa.Instruction) *Holding {
	g := e.gate.Gate
	switch {
	case g.Crosses() && e.via && e.each && !e.partial && e.flag == nil && naming.HasAnyElem(g):
	case !g.Crosses() && !e.via && fs.refs.Each(g) && cfg.EveryPass(instr.Block()):
		w, ok := fs.refs.Within(g)
		if !ok {
			return nil
		}
		g = w
	default:
		return nil
	}
	for _, h := range st.held {
		held := fs.gates[h.id]
		if held.Gate.Crosses() || held.Mode == known.Shared && e.gate.Mode == known.Shared {
			continue
		}
		if w, ok := fs.refs.Within(held.Gate); ok && w.Key() == g.Key() && !fs.changesContainer(w) {
			return h.h
		}
	}
	return nil
}

// changesContainer reports whether the function deletes from, or stores
// a new value into the field of, the container whose element elem names
// (m.peers for m.peers[?].mu): the element held may have left it before
// the loop (delete(m.peers, k); m.peers = fresh).
func (fs *funcState) changesContainer(elem naming.Ref) bool {
	i := slices.IndexFunc(elem.Path, func(s string) bool { return s == naming.AnyElem || s == naming.AnyKey })
	if i < 0 {
		return true
	}
	container := elem
	container.Path = elem.Path[:i]
	field := container
	if n := len(field.Path); n > 0 && field.Path[n-1] == naming.Deref {
		field.Path = field.Path[:n-1]
	}
	names := func(v ssa.Value, want naming.Ref) bool {
		r, ok := fs.refs.Of(v)
		return ok && r.Key() == want.Key()
	}
	for _, b := range fs.fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Store:
				if names(in.Addr, field) {
					return true
				}
			case *ssa.Call:
				if bi, ok := in.Call.Value.(*ssa.Builtin); ok && bi.Name() == "delete" && names(in.Call.Args[0], container) {
					return true
				}
			}
		}
	}
	return false
}
