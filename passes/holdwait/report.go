package holdwait

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
)

// diagnose says that w, holding h, waits for b, which needs h's gate
// first.
func diagnose(pass *analysis.Pass, fi *gate.FuncInfo, w wait, h *gate.Holding, b blocker) analysis.Diagnostic {
	pkg := pass.Pkg.Path()
	g, obj := h.Gate.Spell(pkg), w.ref.Spell(pkg)
	what := obj + ".Wait()"
	switch w.kind {
	case recv:
		what = "<-" + obj
	case send:
		what = obj + " <- …"
	case selectWait:
		what = "the select on " + obj
	}
	if w.via != "" {
		what = fmt.Sprintf("the call of %s (%s)", w.via, what)
	}
	op := b.opWhat
	switch op {
	case "sends on", "closes", "receives from", "wakes":
		op += " " + obj
	case "calls":
		op += " " + obj + ".Done()"
	}
	take := takes(b.acquire.GateOp)
	if !b.op.IsValid() && b.opAt != "" {
		// In another package: no related position to point at.
		op += fmt.Sprintf(" (at %s, after it %s %s at %s)", b.opAt, take, g, b.acquireAt)
	}
	pos, end := fi.Span(w.instr.Pos())
	d := analysis.Diagnostic{
		Pos: pos, End: end,
		Message: fmt.Sprintf("%s waits for %s holding %s, but %s %s %s before it %s: a certain deadlock; "+
			"release %s before waiting, or let %s see the shutdown without %s (a channel or atomic), or have it use TryLock/select",
			what, b.name, g, b.name, take, g, op, g, b.name, g),
	}
	if b.latent {
		d.Message = fmt.Sprintf("%s waits for %s holding %s, and %s %s %s on some paths before it %s: "+
			"if it is on one of them when the wait starts, neither moves again; "+
			"release %s before waiting, or let %s see the shutdown without %s (a channel or atomic), or have it use TryLock/select",
			what, b.name, g, b.name, take, g, op, g, b.name, g)
	}
	if b.buffered && !b.latent && !b.released {
		d.Message = fmt.Sprintf("%s waits for %s holding %s, but %s %s %s before it %s: "+
			"when no value sent earlier is left in %s's buffer as the wait starts, neither moves again; "+
			"release %s before waiting, or let %s see the shutdown without %s (a channel or atomic), or have it use TryLock/select",
			what, b.name, g, b.name, take, g, op, b.bufChan.Spell(pkg), g, b.name, g)
	}
	if b.released && !b.latent {
		d.Message = fmt.Sprintf("%s waits for %s holding %s, but %s %s %s, and lets go of it, before it %s: "+
			"if the wait starts before %s %s %s again (after its previous turn, as when two calls come in a row), neither moves again; "+
			"release %s before waiting, or let %s see the shutdown without %s (a channel or atomic), or have it use TryLock/select",
			what, b.name, g, b.name, take, g, op, b.name, take, g, g, b.name, g)
	}
	if w.maybe {
		// The helper waits only when its loop finds the Cond's condition
		// unmet: the deadlock needs that too.
		const unmet = "the call waits (its loop finds its condition unmet)"
		if strings.Contains(d.Message, ": a certain deadlock; ") {
			d.Message = strings.Replace(d.Message, ": a certain deadlock; ", ": when "+unmet+", neither moves again; ", 1)
		} else {
			d.Message = strings.Replace(d.Message, ", neither moves again; ", ", and "+unmet+", neither moves again; ", 1)
		}
	}
	for _, r := range []analysis.RelatedInformation{
		{Pos: h.Pos, Message: g + " acquired here: " + h.What},
		{Pos: w.viaAt, Message: w.via + " waits here"},
		{Pos: b.start, Message: "the goroutine waited for is started here"},
		{Pos: b.acquire.Pos, Message: fmt.Sprintf("%s %s %s here: %s", b.name, take, g, b.acquire.What)},
		{Pos: b.op, Message: "and only then " + op},
	} {
		if r.Pos.IsValid() {
			d.Related = append(d.Related, r)
		}
	}
	return d
}

// takes says how an acquire takes its gate.
func takes(op gate.GateOp) string {
	switch {
	case op.Kind == known.RWMutex && op.Mode == known.Shared:
		return "read-locks"
	case op.Kind == known.Mutex || op.Kind == known.RWMutex || op.Kind == known.Locker:
		return "locks"
	}
	return "acquires"
}
