package condwait

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/facts"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// A Stall says that a function, which has no context, may block in a
// Cond.Wait loop with no way out: a caller with a context cannot cancel
// it. (Stall, not Block, so as not to be read as an SSA block.)
type Stall struct {
	Chain []gate.Hop // from the function's calls down to the Wait
	Slot  bool       // the Wait takes a slot of a bounded pool (Wait.Slot)
}

// StallFact carries an exported function's Stalls to importing
// packages, in the package's StallFacts, and whether what it returns is
// a way out of a Wait loop (see Result.wayOut): a fuse's IsBroken, which
// loads an atomic that its Break stores, tells a loop of another
// package that tests it that another goroutine can let it out.
type StallFact struct {
	Stalls []Stall
	WayOut bool
}

// StallFacts is the Cond model's package fact: the StallFacts of the
// package's exported functions that may block, or that return a way
// out.
type StallFacts struct{ facts.Book[StallFact] }

// AFact marks StallFacts as an analysis fact.
func (*StallFacts) AFact() {}

func (f *StallFact) String() string {
	if len(f.Stalls) == 0 {
		return "returns a way out of a Cond.Wait loop"
	}
	return "blocks in Cond.Wait"
}

// StallsOf returns fn's Stalls: from this package's functions, or from
// the fact of another package's.
func (r *Result) StallsOf(fn *ssa.Function) []Stall { return r.stalls.Of(fn).Stalls }

// newStalls returns the table of the functions' Stalls.
func (r *Result) newStalls() *facts.Table[StallFact, StallFact] {
	return facts.NewTable[StallFacts](r.pass, facts.Spec[StallFact, StallFact]{
		Derive: gate.Deriving(r.gates, r.deriveStalls),
		Export: func(s StallFact) (*StallFact, bool) { return &s, len(s.Stalls) > 0 || s.WayOut },
		Import: func(f *StallFact) StallFact { return *f },
	})
}

// deriveStalls returns fi's summary: its Stalls, its own Wait loops with
// no way out and its callees', when it has no context to observe; and
// whether it returns a way out.
func (r *Result) deriveStalls(fi *gate.FuncInfo) StallFact {
	res := fi.Fn.Signature.Results()
	flag := res.Len() == 1 && isFlagType(res.At(0).Type())
	return StallFact{Stalls: r.stallsOf(fi), WayOut: flag && r.returnsWayOut(fi.Fn)}
}

// stallsOf returns fi's Stalls (see deriveStalls).
func (r *Result) stallsOf(fi *gate.FuncInfo) []Stall {
	if _, _, ok := ContextInScope(fi.Fn); ok || lifecycle(fi.Fn) {
		return nil
	}
	for _, w := range r.waits[fi.Fn] {
		if !w.WayOut {
			return []Stall{{Chain: []gate.Hop{r.hop(fi, "(*sync.Cond).Wait", w.Call.Pos())}, Slot: w.Slot}}
		}
	}
	if calls := r.StallingCalls(fi); len(calls) > 0 {
		c := calls[0]
		hop := r.hop(fi, naming.CalleeName(c.Callee, r.pass.Pkg.Path()), c.Call.Pos())
		return []Stall{{Chain: gate.Prepend(hop, c.Stalls[0].Chain), Slot: c.Stalls[0].Slot}}
	}
	return nil
}

// A StallingCall is a call of a function that may block in a Wait with
// no way out (see Stall).
type StallingCall struct {
	Call   *ssa.Call
	Callee *ssa.Function
	Stalls []Stall
}

// StallingCalls returns fi's calls of functions that may block in a Wait.
func (r *Result) StallingCalls(fi *gate.FuncInfo) []StallingCall {
	var out []StallingCall
	for call, cal := range fi.StaticCalls() {
		if stalls := r.StallsOf(cal.Fn); len(stalls) > 0 {
			out = append(out, StallingCall{Call: call, Callee: cal.Fn, Stalls: stalls})
		}
	}
	return out
}

// hop is the step of a chain at the operation go/ssa placed at pos.
func (r *Result) hop(fi *gate.FuncInfo, what string, at token.Pos) gate.Hop {
	pos, end := fi.Span(at)
	return gate.NewHop(r.pass.Fset, what, pos, end)
}

// lifecycle reports whether fn stops or closes something (Stop,
// GracefulStop, Close, Shutdown): such calls are meant to block until
// what they stop has drained, which they themselves set off, and a
// caller with a context maps its cancellation onto them.
func lifecycle(fn *ssa.Function) bool {
	for _, w := range naming.Words(fn.Name()) {
		switch w {
		case "stop", "close", "shutdown", "drain":
			return true
		}
	}
	return false
}
