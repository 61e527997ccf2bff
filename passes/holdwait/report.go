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
	head := fmt.Sprintf("%s waits for %s holding %s, but %s %s %s before it %s", what, b.name, g, b.name, take, g, op)
	// when is what the deadlock needs beyond the two paths, if anything.
	var when []string
	switch {
	case b.latent:
		head = fmt.Sprintf("%s waits for %s holding %s, and %s %s %s on some paths before it %s", what, b.name, g, b.name, take, g, op)
		when = append(when, "if it is on one of them when the wait starts")
	case b.released:
		head = fmt.Sprintf("%s waits for %s holding %s, but %s %s %s, and lets go of it, before it %s", what, b.name, g, b.name, take, g, op)
		when = append(when, fmt.Sprintf("if the wait starts before %s %s %s again (after its previous turn, as when two calls come in a row)", b.name, take, g))
	case b.buffered:
		when = append(when, fmt.Sprintf("when no value sent earlier is left in %s's buffer as the wait starts", b.bufChan.Spell(pkg)))
	}
	if w.maybe {
		// The helper waits only when its loop finds the Cond's condition
		// unmet: the deadlock needs that too.
		const unmet = "the call waits (its loop finds its condition unmet)"
		if len(when) == 0 {
			when = append(when, "when "+unmet)
		} else {
			when = append(when, "and "+unmet)
		}
	}
	outcome := "a certain deadlock"
	if len(when) > 0 {
		outcome = strings.Join(when, ", ") + ", neither moves again"
	}
	d := analysis.Diagnostic{
		Pos: pos, End: end,
		Message: fmt.Sprintf("%s: %s; release %s before waiting, or let %s see the shutdown without %s (a channel or atomic), or have it use TryLock/select",
			head, outcome, g, b.name, g),
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
