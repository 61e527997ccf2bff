package concurrency

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Hand-overs of a permit over a channel. A permit of a counting
// semaphore need not go back to it: a path that holds one, or that
// releases its caller's on the function's other paths, may pass it to a
// waiter instead, by a send on a channel the waiter receives from,
// keeping the permit taken (a fair semaphore's Release that gives its
// slot to the first waiter; an acquirer that took a slot and forwards it
// to the waiter first in line). The waiter's receive gives it the permit
// though it took none: past the receive it holds the semaphore as much
// as a path that acquired it. Only a send hands over (a close wakes every
// receiver), only a permit (a lock is not passed along a channel), and
// only where the sender keeps the permit for nobody else: no release
// after the send, no return still holding it, no release on the way to
// it. Channels are told apart by field (handle.sig), as gates are by
// class, and a hand-over is known per gate class.

// handOver is a channel field on which a permit of a gate class is
// handed over.
type handOver struct {
	class string
	field *types.Var
}

// HandedIn returns the points of fi past which a permit of g's class may
// be in hand without an acquire: the receive from a channel field on
// which some function of the package hands such a permit over, or the
// first instruction of a select's case that receives from one.
func (r *Result) HandedIn(fi *gate.FuncInfo, g naming.Ref) []ssa.Instruction {
	cls, ok := fi.Class(g)
	if !ok {
		return nil
	}
	overs := r.handOvers()
	if len(overs) == 0 {
		return nil
	}
	var out []ssa.Instruction
	for _, b := range fi.Fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.UnOp:
				if f, ok := naming.ValueField(x.X); ok && x.Op == token.ARROW && overs[handOver{cls, f}] {
					out = append(out, x)
				}
			case *ssa.Select:
				for i, st := range x.States {
					if f, ok := naming.ValueField(st.Chan); ok && st.Dir == types.RecvOnly && overs[handOver{cls, f}] {
						if c := cfg.SelectCase(x, i); c != nil && len(c.Instrs) > 0 {
							out = append(out, c.Instrs[0])
						}
					}
				}
			}
		}
	}
	return out
}

// handOvers returns the package's hand-overs, found once.
func (r *Result) handOvers() map[handOver]bool {
	r.handOnce.Do(func() {
		r.overs = make(map[handOver]bool)
		for _, fi := range r.gates.Funcs {
			r.findHandOvers(fi)
		}
	})
	return r.overs
}

// findHandOvers adds fi's hand-overs: a send on a channel field that
// passes on a permit of a counting semaphore. Either the path holds its
// own permit there, and neither releases it after the send (before it
// takes another) nor returns holding it; or fi releases the semaphore
// where it does not hold it (its caller's permit) on other paths, and
// no release of it comes before or after the send on this one.
func (r *Result) findHandOvers(fi *gate.FuncInfo) {
	sends := make(map[ssa.Instruction]*types.Var)
	for _, b := range fi.Fn.Blocks {
		for _, instr := range b.Instrs {
			if x, ok := instr.(*ssa.Send); ok {
				if f, ok := naming.ValueField(x.Chan); ok {
					sends[instr] = f
				}
			}
		}
	}
	if len(sends) == 0 {
		return
	}
	events := fi.Events()
	for _, e := range events {
		delete(sends, e.Instr) // a send that is itself an acquire or a release
	}
	if len(sends) == 0 {
		return
	}
	callers := make(map[string]naming.Ref) // permits released where not held: the caller's
	held := make(map[ssa.Instruction][]*gate.Holding)
	var rets []gate.Held
	var retAt []ssa.Instruction
	fi.Walk(func(instr ssa.Instruction, h gate.Held) {
		if sends[instr] != nil {
			held[instr] = h.All()
		}
		if _, ok := instr.(*ssa.Return); ok {
			rets, retAt = append(rets, h), append(retAt, instr)
		}
		for _, e := range events {
			if e.Instr == instr && e.Op == known.Release && !e.Deferred && e.Kind.Counting() && !h.Has(e.Gate.Key()) {
				callers[e.Gate.Key()] = e.Gate
			}
		}
	})
	keptAfter := func(s ssa.Instruction, key string) bool {
		for i, h := range rets {
			if h.Has(key) && cfg.After(s, retAt[i]) {
				return true
			}
		}
		return false
	}
	for s, f := range sends {
		for _, h := range held[s] {
			if !h.Kind.Counting() || h.Contract || releasedAfter(events, s, h.Gate.Key()) || keptAfter(s, h.Gate.Key()) {
				continue
			}
			if cls, ok := fi.Class(h.Gate); ok {
				r.overs[handOver{cls, f}] = true
			}
		}
		for key, g := range callers {
			if releasedBefore(events, s, key) || releasedAfter(events, s, key) {
				continue
			}
			if cls, ok := fi.Class(g); ok {
				r.overs[handOver{cls, f}] = true
			}
		}
	}
}

// releasedBefore reports whether a release of the gate of key can come
// before instr: the path to instr may have given the permit back.
func releasedBefore(events []gate.Event, instr ssa.Instruction, key string) bool {
	for _, e := range events {
		if e.Op == known.Release && !e.Deferred && e.Gate.Key() == key && cfg.After(e.Instr, instr) {
			return true
		}
	}
	return false
}

// releasedAfter reports whether some path from instr releases the gate
// of key before it acquires it again.
func releasedAfter(events []gate.Event, instr ssa.Instruction, key string) bool {
	is := func(op known.Op) func(ssa.Instruction) bool {
		return func(x ssa.Instruction) bool {
			for _, e := range events {
				if e.Instr == x && e.Op == op && e.Gate.Key() == key {
					return true
				}
			}
			return false
		}
	}
	for _, e := range events {
		if e.Op == known.Release && e.Deferred && e.Gate.Key() == key {
			return true
		}
	}
	return cfg.Meets(instr, is(known.Release), is(known.Acquire))
}
