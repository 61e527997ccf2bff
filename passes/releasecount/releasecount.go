// Package releasecount reports a semaphore.Weighted.Release whose
// constant count differs from the permits acquired on its path.
//
// A Release(1) after Acquire(ctx, 3) leaks two permits for good: the
// semaphore shrinks with each call until everything blocks. A Release(3)
// after Acquire(ctx, 1) hands out permits that were never taken, then
// panics with "semaphore: released more than held". The gate model gives
// each operation's constant count (Event.Permits). The pass pairs the one
// acquire of a gate in a function with each release that can follow it
// and is the only release on its paths, and reports a mismatch. Loops,
// several acquires, partial releases and counts that are not constants
// are left alone.
package releasecount

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/source"
)

// Analyzer is the releasecount pass.
var Analyzer = &analysis.Analyzer{
	Name:     "releasecount",
	Doc:      doc,
	URL:      "https://github.com/gatevet/gatevet/blob/main/docs/analyzers/releasecount.md",
	Requires: []*analysis.Analyzer{gate.Analyzer},
	Run:      run,
}

const doc = `report Weighted.Release counts that differ from what was acquired

Release(1) after Acquire(ctx, 3) loses two permits for good, and the
semaphore shrinks on every call until everything blocks. Release(3) after
Acquire(ctx, 1) gives back permits never taken, then panics with
"semaphore: released more than held".

Reported: a Release(m) with constant m, after the function's one
Acquire(ctx, n) or TryAcquire(n) of the same semaphore with constant
n != m, when that Release is the only one on its paths.

Not reported: counts that are not constants; several acquires of the
semaphore in the function, or one in a loop; a permit given back in
several releases on one path (Release(1) twice after Acquire(ctx, 2));
acquires and releases in helpers.

Fix: release what was acquired. A suggested fix copies the acquire's
count into the release.

Bad:

	if err := s.sem.Acquire(ctx, 3); err != nil {
		return err
	}
	defer s.sem.Release(1) // reported

Good:

	defer s.sem.Release(3)

Suppress one report with //gatevet:ignore releasecount reason on its line
or the line above (under golangci-lint, //nolint:gatevet works too).`

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[gate.Analyzer].(*gate.Result)
	rep := directive.NewReporter(pass, res.Directives)
	for _, fi := range res.Funcs {
		byGate := make(map[string][]gate.Event)
		for _, e := range fi.Events() {
			if e.Kind == gate.Weighted {
				byGate[e.Gate.Key()] = append(byGate[e.Gate.Key()], e)
			}
		}
		for _, events := range byGate {
			for _, d := range check(pass, events) {
				rep.Report(d)
			}
		}
	}
	rep.Finish()
	return nil, nil
}

// check pairs the gate's one acquire with its releases.
func check(pass *analysis.Pass, events []gate.Event) []analysis.Diagnostic {
	var acq *gate.Event
	var rels []gate.Event
	for i, e := range events {
		switch {
		case e.Via || e.Permits <= 0 || cfg.InLoop(e.Instr):
			return nil
		case e.Op == gate.Acquire:
			if acq != nil || e.Deferred {
				return nil
			}
			acq = &events[i]
		default:
			rels = append(rels, e)
		}
	}
	if acq == nil {
		return nil
	}
	var out []analysis.Diagnostic
	for i, r := range rels {
		if r.Permits == acq.Permits || !cfg.After(acq.Instr, r.Instr) || shared(rels, i) {
			continue
		}
		out = append(out, diagnose(pass, *acq, r))
	}
	return out
}

// shared reports whether another release can run on a path with rels[i].
func shared(rels []gate.Event, i int) bool {
	for j, o := range rels {
		if j != i && (cfg.After(rels[i].Instr, o.Instr) || cfg.After(o.Instr, rels[i].Instr)) {
			return true
		}
	}
	return false
}

func diagnose(pass *analysis.Pass, acq, rel gate.Event) analysis.Diagnostic {
	effect := fmt.Sprintf("%d permit(s) are lost for good on every call, until the semaphore blocks everyone", acq.Permits-rel.Permits)
	if rel.Permits > acq.Permits {
		effect = "permits never taken are handed out, and the semaphore panics (\"semaphore: released more than held\") once they exceed what is held"
	}
	d := analysis.Diagnostic{
		Pos: rel.Pos, End: rel.End,
		Message: fmt.Sprintf("%s gives back %d permit(s) but %d were acquired on this path: %s; release what was acquired",
			rel.What, rel.Permits, acq.Permits, effect),
		Related: []analysis.RelatedInformation{{Pos: acq.Pos, End: acq.End, Message: fmt.Sprintf("%d permit(s) acquired here", acq.Permits)}},
	}
	if want, ok := countText(pass, acq); ok {
		if call, ok := source.CallAt(pass, rel.Pos); ok && len(call.Args) == 1 {
			d.SuggestedFixes = []analysis.SuggestedFix{{
				Message:   "release " + want + " permit(s), as acquired",
				TextEdits: []analysis.TextEdit{{Pos: call.Args[0].Pos(), End: call.Args[0].End(), NewText: []byte(want)}},
			}}
		}
	}
	return d
}

// countText is the source of the acquire's count argument.
func countText(pass *analysis.Pass, acq gate.Event) (string, bool) {
	call, ok := source.CallAt(pass, acq.Pos)
	if !ok || len(call.Args) == 0 {
		return "", false
	}
	return source.Text(pass, call.Args[len(call.Args)-1])
}
