package releasecount

import (
	_ "embed"
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatepass"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/source"
)

// doc is the source of doc.go, whose package doc comment holds the
// analyzer's documentation.
//
//go:embed doc.go
var doc string

// Analyzer is the releasecount pass.
var Analyzer = gatepass.New("releasecount", doc, run)

func run(pass *analysis.Pass, res *gate.Result, rep *directive.Reporter) {
	for _, fi := range res.Funcs {
		byGate := make(map[string][]gate.Event)
		for _, e := range fi.Events() {
			if e.Kind == known.Weighted {
				byGate[e.Gate.Key()] = append(byGate[e.Gate.Key()], e)
			}
		}
		for _, events := range byGate {
			for _, d := range check(pass, events) {
				rep.Certain(d)
			}
		}
	}
}

// check pairs the gate's one acquire with its releases.
func check(pass *analysis.Pass, events []gate.Event) []analysis.Diagnostic {
	var acq *gate.Event
	var rels []gate.Event
	for i, e := range events {
		switch {
		case e.Via || e.Permits <= 0 || cfg.InLoop(e.Instr):
			return nil
		case e.Op == known.Acquire:
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
