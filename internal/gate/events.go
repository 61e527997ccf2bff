package gate

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// An Event is an acquire or release that a function performs on its own
// path: a gate operation it makes, or a call (direct or deferred) of a
// function whose summary acquires or releases. What goroutines it starts
// do is not among its events.
type Event struct {
	Instr ssa.Instruction // the call, defer, send, receive or select
	GateOp
	Op       known.Op
	Blocking bool
	Deferred bool // the operation is deferred to the function's return
	Via      bool // it happens inside the callee What
	// InOnce marks an operation of the function a sync.Once's Do runs
	// (once.Do(mu.Unlock)): it happens only when the Once has not run.
	InOnce bool
	// Permits is the constant number of permits a semaphore.Weighted
	// operation takes or gives back (1 for a channel semaphore), or 0
	// when the count is not a constant.
	Permits int64
	// Unchecked marks a conditional acquire whose outcome nobody reads:
	// the error of Weighted.Acquire or the bool of a TryLock, dropped or
	// assigned to _.
	Unchecked bool
	// NeverDone marks a Weighted.Acquire whose context is never
	// cancelled (context.Background, TODO, WithoutCancel): it cannot fail.
	NeverDone bool
	// When says how a conditional acquire whose outcome is read reports
	// success (a TryLock's bool, an Acquire's error, a select's case);
	// it is known.Always for other operations, and for acquires whose
	// outcome nobody reads (see Unchecked).
	When     known.When
	Pos, End token.Pos
	What     string // the operation or callee, as code spells it
}

// Events returns fi's acquires and releases in block order.
func (fi *FuncInfo) Events() []Event {
	fs := fi.fs
	if fs == nil {
		return nil
	}
	// Sized first: five passes ask for every function's events, and
	// growing the list by appends was a fifth of what they allocate
	// (on grpc's test package, garbage that sets the peak heap).
	n := 0
	for _, es := range fs.effects {
		for _, e := range es {
			if e.op == known.Acquire || e.op == known.Release {
				n++
			}
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]Event, 0, n)
	for _, b := range fs.fn.Blocks {
		for _, instr := range b.Instrs {
			if starts(instr) {
				continue
			}
			_, deferred := instr.(*ssa.Defer)
			for _, e := range fs.effects[instr] {
				if e.op != known.Acquire && e.op != known.Release {
					continue
				}
				ev := Event{Instr: instr, GateOp: e.gate, Op: e.op, Blocking: e.blocking, Deferred: deferred, Via: e.via,
					Unchecked: e.unchecked, When: e.cond, Pos: e.pos, End: e.end, What: e.what,
					InOnce: e.under != nil && e.under.Kind == known.Once}
				if !e.via {
					ev.Permits = permits(instr, e.gate.Kind)
					ev.NeverDone = e.op == known.Acquire && e.blocking && e.gate.Kind == known.Weighted && neverDone(instr)
				}
				out = append(out, ev)
			}
		}
	}
	return out
}

// A Confirm is a conditional acquire that the If closing a block
// settles: the acquire at Instr (a TryLock, an Acquire, a select) holds
// its gate on the block's successor Succ (0 for the then branch, 1 for
// the else branch) and not on the other.
type Confirm struct {
	Instr ssa.Instruction
	GateOp
	Succ int
}

// Confirms returns the conditional acquires that the If closing b
// settles, as the must-held dataflow reads them: "if mu.TryLock()",
// "if err := sem.Acquire(ctx, 1); err != nil", a select's case test. The
// acquire may lie in an earlier block than b.
func (fi *FuncInfo) Confirms(b *ssa.BasicBlock) []Confirm {
	if fi.fs == nil || len(b.Instrs) == 0 {
		return nil
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil
	}
	var out []Confirm
	for _, h := range fi.fs.condHolds(ifi.Cond) {
		succ := 0
		if !h.onTrue {
			succ = 1
		}
		out = append(out, Confirm{Instr: valueInstr(h.condVal), GateOp: h.gate, Succ: succ})
	}
	return out
}

// permits returns the constant count of a gate operation: the last
// argument of a semaphore.Weighted method (Acquire(ctx, n), TryAcquire(n),
// Release(n)), or 1 for a channel semaphore's send or receive.
func permits(instr ssa.Instruction, kind known.Kind) int64 {
	switch kind {
	case known.ChanSem:
		return 1
	case known.Weighted:
		call, ok := instr.(ssa.CallInstruction)
		if !ok || call.Common().IsInvoke() {
			return 0
		}
		args := call.Common().Args
		if len(args) < 2 {
			return 0
		}
		if k, ok := args[len(args)-1].(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Int {
			if n, exact := constant.Int64Val(k.Value); exact {
				return n
			}
		}
	}
	return 0
}

// neverDone reports whether the context a Weighted.Acquire call gets is
// one that is never cancelled.
func neverDone(instr ssa.Instruction) bool {
	call, ok := instr.(ssa.CallInstruction)
	return ok && len(call.Common().Args) >= 3 && known.NeverCancelled(naming.Origin(call.Common().Args[1]))
}

// A LiteralRelease is a release that a function literal made in a
// function performs, with its gate named in the maker's terms (the
// literal's free variables bound to the maker's values).
type LiteralRelease struct {
	Event
	// InPlace is set when the maker only calls or defers the literal;
	// otherwise the literal leaves it (stored, returned, passed on, or
	// started as a goroutine) and whoever runs it owns the release.
	InPlace bool
}

// LiteralReleases returns the releases of the function literals fi makes
// that give back a gate the literal did not take itself (its summary's
// Releases): a goroutine that locks and unlocks on its own releases
// nothing of its maker's.
func (r *Result) LiteralReleases(fi *FuncInfo) []LiteralRelease {
	var out []LiteralRelease
	for _, b := range fi.Fn.Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok {
				continue
			}
			anon, _ := mc.Fn.(*ssa.Function)
			info := r.infos[anon]
			if info == nil {
				continue
			}
			forMaker := make(map[string]bool)
			for _, rel := range info.Summary.Releases {
				forMaker[rel.Gate.Key()] = true
			}
			for _, e := range info.Events() {
				if e.Op != known.Release || !forMaker[e.Gate.Key()] {
					continue
				}
				ref, ok := fi.fs.refs.Translate(e.Gate, naming.Callee{Bindings: mc.Bindings})
				if !ok {
					continue
				}
				e.Gate = ref
				out = append(out, LiteralRelease{Event: e, InPlace: onlyRunInPlace(mc)})
			}
		}
	}
	return out
}

// onlyRunInPlace reports whether every use of v calls or defers it.
func onlyRunInPlace(v ssa.Value) bool { return leavesAt(v) == nil }

// leavesAt returns the first use of func value v that neither calls nor
// defers it (stores, passes, sends, returns or starts it), nil when there
// is none.
func leavesAt(v ssa.Value) ssa.Instruction {
	for _, ref := range *v.Referrers() {
		switch c := ref.(type) {
		case *ssa.Call:
			if c.Call.Value != v {
				return c
			}
		case *ssa.Defer:
			if c.Call.Value != v {
				return c
			}
		case *ssa.DebugRef:
		default:
			return c
		}
	}
	return nil
}

// Inside returns, for ev, an event of fi that happens inside a function
// literal of fi's own that its instruction calls or defers (defer
// func() { …; mu.Unlock() }()), the literal's operation on the same
// gate: its position and text are where a report points, not the
// defer's.
func (r *Result) Inside(fi *FuncInfo, ev Event) (Event, bool) {
	call, ok := ev.Instr.(ssa.CallInstruction)
	if !ok || !ev.Via || fi.fs == nil {
		return Event{}, false
	}
	cal, ok := naming.Resolve(call.Common())
	lit := r.Info(cal.Fn)
	if !ok || cal.Fn.Parent() != fi.Fn || lit == nil {
		return Event{}, false
	}
	for _, in := range lit.Events() {
		if g, ok := fi.fs.refs.Translate(in.Gate, cal); ok && in.Op == ev.Op && g.Key() == ev.Gate.Key() {
			return in, true
		}
	}
	return Event{}, false
}
