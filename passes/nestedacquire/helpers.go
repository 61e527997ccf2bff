package nestedacquire

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// A helper that only the package calls, and that every caller calls
// holding the gate a call inside it takes again (drop, called by Resize
// and by Drop with c.mu held, calls Len, which read-locks c.mu), has one
// bug, inside the helper, however many callers reach it: the pass
// reports it once, at that call, naming the callers, and says to fix
// the helper, not its callers.

// A finding is a nested acquire the pass reports: fi's acquire point ap,
// certain or latent, with the writer a read lock waits behind (w) and
// whether the gate is a sync.Locker (iface).
type finding struct {
	fi      *gate.FuncInfo
	ap      gate.AcquirePoint
	certain bool
	w       *writer
	iface   bool
}

// report reports f.
func (f finding) report(pass *analysis.Pass, rep *directive.Reporter) {
	d := diagnose(pass, f.ap, f.w, f.iface)
	if f.certain {
		rep.Certain(d)
	} else {
		rep.Latent(d)
	}
}

// helperCall is an acquire inside a helper (the helper's acquire point
// at index inner) that a caller makes holding its gate.
type helperCall struct {
	helper *ssa.Function
	inner  int
}

// reportAll reports fs, those that are one helper's bug once, inside it.
func reportAll(pass *analysis.Pass, res *gate.Result, fs []finding, rep *directive.Reporter) {
	groups := make(map[helperCall][]finding)
	var order []helperCall
	for _, f := range fs {
		if h, ok := helperOf(res, f); ok && !rep.Ignores(f.ap.Pos) {
			if groups[h] == nil {
				order = append(order, h)
			}
			groups[h] = append(groups[h], f)
		}
	}
	// merged are the findings reported inside a helper, by instruction
	// and gate.
	type at struct {
		instr ssa.Instruction
		gate  string
	}
	merged := make(map[at]bool)
	for _, h := range order {
		g := groups[h]
		if !everyCall(res, h.helper, g) {
			continue
		}
		d, certain := diagnoseHelper(pass, res, h, g)
		for _, f := range g {
			merged[at{f.ap.Instr, f.ap.GateOp.Gate.Key()}] = true
		}
		if certain {
			rep.Certain(d)
		} else {
			rep.Latent(d)
		}
	}
	for _, f := range fs {
		if !merged[at{f.ap.Instr, f.ap.GateOp.Gate.Key()}] {
			f.report(pass, rep)
		}
	}
}

// helperOf returns the acquire inside a helper that f's acquire is: f
// calls a function only the package calls, which takes the gate f
// holds inside (its acquire point at the first hop of f's chain, whose
// gate is f's in f's terms), as plainly as a direct acquire (not on a
// flag, some paths or at return).
func helperOf(res *gate.Result, f finding) (helperCall, bool) {
	ap := f.ap
	call, ok := ap.Instr.(*ssa.Call)
	if !ok || len(ap.Chain) == 0 || !ap.Chain[0].Pos().IsValid() || ap.Partial || ap.Flag != nil ||
		ap.AtReturn || ap.Carried || ap.Sometimes || ap.Holding.Contract || ap.Holding.Via {
		return helperCall{}, false
	}
	cal, ok := naming.Resolve(call.Common())
	fn := cal.Fn
	if !ok || call.Call.StaticCallee() != fn || fn.Pkg != f.fi.Fn.Pkg || !res.PackageOnly(fn) {
		return helperCall{}, false
	}
	hi := res.Info(fn)
	if hi == nil {
		return helperCall{}, false
	}
	for i, in := range hi.Acquires {
		if in.Pos != ap.Chain[0].Pos() || !in.Blocking || in.GateOp.Kind != ap.GateOp.Kind || in.GateOp.Mode != ap.GateOp.Mode {
			continue
		}
		if r, ok := f.fi.Translate(in.GateOp.Gate, cal); ok && r.Key() == ap.GateOp.Gate.Key() {
			return helperCall{fn, i}, true
		}
	}
	return helperCall{}, false
}

// everyCall reports whether g has a finding at every call of helper.
func everyCall(res *gate.Result, helper *ssa.Function, g []finding) bool {
	sites := res.CallSites(helper)
	if len(sites) < 2 || len(res.DynamicCallSites(helper)) > 0 {
		return false // one caller: the report at it says it all
	}
	for _, s := range sites {
		found := false
		for _, f := range g {
			found = found || f.ap.Instr == s
		}
		if !found {
			return false
		}
	}
	return true
}

// diagnoseHelper reports the acquire inside h.helper that every caller in
// g makes holding the gate: certain when one of them is.
func diagnoseHelper(pass *analysis.Pass, res *gate.Result, h helperCall, g []finding) (analysis.Diagnostic, bool) {
	inner := &res.Info(h.helper).Acquires[h.inner]
	pkg := pass.Pkg.Path()
	name, helper := inner.GateOp.Gate.Spell(pkg), naming.CalleeName(h.helper, pkg)
	first, certain := g[0], false
	var callers []string
	var related []analysis.RelatedInformation
	for _, f := range g {
		if f.certain && !certain {
			first, certain = f, true
		}
		caller := naming.CalleeName(f.fi.Fn, pkg)
		callers = append(callers, fmt.Sprintf("%s, %s at %s", caller, verb(f.ap.Holding.GateOp), position(pass, f.ap.Holding.Pos)))
		related = append(related,
			analysis.RelatedInformation{Pos: f.ap.Holding.Pos, Message: name + " acquired here by " + caller},
			analysis.RelatedInformation{Pos: f.ap.Pos, End: f.ap.End, Message: caller + " calls " + helper + " here, holding it"})
	}
	why := consequence(first.ap.Holding.GateOp, first.ap.GateOp)
	if first.iface {
		why = "a sync.Locker that is a mutex is not reentrant, so this blocks forever when it is one"
	}
	if first.w != nil {
		text, pos := first.w.text(pass)
		why += " (" + text + " takes the write lock)"
		related = append(related, analysis.RelatedInformation{Pos: pos, Message: "a writer that can queue between the two read locks"})
	}
	what := inner.What
	if len(inner.Chain) > 0 {
		what = fmt.Sprintf("call to %s acquires %s (%s)", inner.What, name, gate.ChainText(inner.Chain, true))
	}
	msg := fmt.Sprintf("%s while every caller of %s holds %s (%s): %s; fix %s, not its callers: do what %s needs without taking %s again, or call a variant that expects %s held (an xxxLocked helper)",
		what, helper, name, strings.Join(callers, "; "), why, helper, inner.What, name, name)
	d := analysis.Diagnostic{Pos: inner.Pos, End: inner.End, Message: msg, Related: related, SuggestedFixes: lockedVariant(pass, *inner)}
	d.Related = append(d.Related, gate.ChainRelated(inner.Chain, "then ")...)
	return d, certain
}
