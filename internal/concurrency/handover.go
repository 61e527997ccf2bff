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

// Hand-overs of a permit over a channel. A permit need not go back to
// its gate: a path that holds one, or that releases one for its caller
// on the function's other paths, may pass it to a waiter instead, by a
// send on (or a close of) a channel the waiter receives from, keeping
// the permit taken (a fair semaphore's Release that gives its slot to
// the first waiter; an acquirer that took a slot and forwards it to the
// waiter first in line). The waiter's receive gives it the permit though
// it took none: past the receive it holds the gate as much as a path
// that acquired it. Channels are told apart by field (handle.sig), as
// gates are by class, and a hand-over is known per gate class.

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

// findHandOvers adds fi's hand-overs: a send on or close of a channel
// field, where no release of a gate follows before it is acquired again,
// and the gate is held there (the path's own permit), or fi releases it
// on another path, where it does not hold it (its caller's permit,
// given back there and handed over here).
func (r *Result) findHandOvers(fi *gate.FuncInfo) {
	sends := make(map[ssa.Instruction]*types.Var)
	for _, b := range fi.Fn.Blocks {
		for _, instr := range b.Instrs {
			if f, ok := signalled(instr); ok {
				sends[instr] = f
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
	callers := make(map[string]ssa.Instruction) // a gate released where not held, and where
	held := make(map[ssa.Instruction][]*gate.Holding)
	fi.Walk(func(instr ssa.Instruction, h gate.Held) {
		if sends[instr] != nil {
			held[instr] = h.All()
		}
		for _, e := range events {
			if e.Instr == instr && e.Op == known.Release && !e.Deferred && !h.Has(e.Gate.Key()) {
				callers[e.Gate.Key()] = instr
			}
		}
	})
	for s, f := range sends {
		for _, h := range held[s] {
			if cls, ok := fi.Class(h.Gate); ok && !h.Contract && !releasedAfter(events, s, h.Gate.Key()) {
				r.overs[handOver{cls, f}] = true
			}
		}
		for _, e := range events {
			rel, ok := callers[e.Gate.Key()]
			if !ok || e.Instr != rel || cfg.After(rel, s) || releasedAfter(events, s, e.Gate.Key()) {
				continue
			}
			if cls, ok := fi.Class(e.Gate); ok {
				r.overs[handOver{cls, f}] = true
			}
		}
	}
}

// signalled returns the channel field instr sends on or closes.
func signalled(instr ssa.Instruction) (*types.Var, bool) {
	switch x := instr.(type) {
	case *ssa.Send:
		return naming.ValueField(x.Chan)
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "close" && len(x.Call.Args) == 1 {
			return naming.ValueField(x.Call.Args[0])
		}
	}
	return nil, false
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
