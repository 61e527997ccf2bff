package contracts

import (
	_ "embed"
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/concurrency"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatepass"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
	"github.com/gatevet/gatevet/internal/resource"
)

// doc is the source of doc.go, whose package doc comment holds the
// analyzer's documentation.
//
//go:embed doc.go
var doc string

// Analyzer is the contracts pass.
var Analyzer = gatepass.New("contracts", doc, run, resource.Analyzer, concurrency.Analyzer)

func run(pass *analysis.Pass, res *gate.Result, rep *directive.Reporter) {
	rs := pass.ResultOf[resource.Analyzer].(*resource.Result)
	conc := pass.ResultOf[concurrency.Analyzer].(*concurrency.Result)
	for _, fi := range res.Funcs {
		broken(pass, fi, rep)
		res.WalkCalls(fi, func(call ssa.CallInstruction, cal naming.Callee, sum *gate.Summary, held gate.Held) {
			if _, deferred := call.(*ssa.Defer); deferred {
				return
			}
			_, started := call.(*ssa.Go)
			for _, op := range sum.Requires {
				ref, ok := fi.Translate(op.Gate, cal)
				if !ok || op.Said != "" && !started && res.InTest(fi) {
					// A test drives the code from one goroutine: a
					// contract only words state is not held to it.
					continue
				}
				key := ref.Key()
				if !started && (held.Has(key) || res.CallersHold(fi, ref)) {
					continue
				}
				if !started && res.Waives(fi, ref) {
					// The caller's own comment says it need not hold the
					// lock ("outside the scope of concurrent puts, so we
					// don't need to hold s.lock"): a contract of its own.
					continue
				}
				if _, owned := conc.Owned(fi, call, ref); owned && !started {
					// The lock's object is fi's own, not yet published
					// (a constructor filling in its value): no other
					// goroutine can hold the lock or touch what it
					// guards, so the call breaks nothing.
					continue
				}
				if op.Said != "" && !started && classHeldAbove(res, fi, ref, held, op.Named) {
					// Words are no promise to check names against: a
					// lock of the class held up the chain (through
					// another name for the same object) keeps them.
					continue
				}
				if op.Said != "" && !started && naming.CallerLocks(fi.Fn.Name()) {
					continue // UnsafePut calls UnsafePut: its own callers hold the lock, its name says
				}
				if op.Named && !guardsTouched(rs, res.Info(cal.Fn), op.Gate) {
					continue
				}
				if (op.Named || op.Said != "") && !started && guardedLater(rs, conc, fi, call, res.Info(cal.Fn), op.Gate) {
					// Words are kept by the code's order: whatever takes
					// the lock to touch what the callee touches starts
					// only after this call.
					continue
				}
				// Callers in other packages may hold a gate they can
				// take: then the contract breaks only if they do not.
				outside := !res.PackageOnly(fi.Fn) && res.Takeable(pass, fi, ref)
				certain := started || held.Untouched(key) && !outside
				d := diagnose(pass, fi, call, cal.Fn, op, ref, started, certain, outside)
				if certain {
					rep.Certain(d)
				} else {
					rep.Latent(d)
				}
			}
		})
	}
}

// diagnose reports that call, in fi's function, of callee, whose
// contract requires gate want (g in fi's terms), does not hold it: on
// no path when certain; outside says that fi's callers in other packages
// may hold it.
func diagnose(pass *analysis.Pass, fi *gate.FuncInfo, call ssa.CallInstruction, callee *ssa.Function, want gate.Required, g naming.Ref, started, certain, outside bool) analysis.Diagnostic {
	pkg := pass.Pkg.Path()
	name, gname, caller := naming.CalleeName(callee, pkg), g.Spell(pkg), naming.FuncName(fi.Fn)
	how := fmt.Sprintf("%s calls it without %s on every path", caller, gname)
	fix := fmt.Sprintf("take %s around the call, or call a variant that takes it", gname)
	switch {
	case started:
		how = fmt.Sprintf("%s starts it as a goroutine, which never holds %s", caller, gname)
		fix = fmt.Sprintf("take %s inside the goroutine, around the call", gname)
	case !certain && outside:
		how = fmt.Sprintf("%s calls it without %s, which is held there only if %s's callers in other packages hold it", caller, gname, caller)
		fix = fmt.Sprintf("take %s around the call, or give %s the same //gatevet:holds contract", gname, caller)
	case !certain:
		how = fmt.Sprintf("%s reaches the call on a path without %s if it skips or releases it on the way", caller, gname)
	}
	pos, end := fi.Span(call.Pos())
	contract, stated := "its //gatevet:holds contract", fmt.Sprintf("%s: //gatevet:holds %s", name, want.Gate.Spell(known.PkgPath(callee)))
	switch {
	case want.Named:
		contract, stated = "its name, ending in Locked, says so", fmt.Sprintf("%s: its name says its callers hold %s", name, want.Gate.Spell(known.PkgPath(callee)))
	case want.Said != "":
		contract, stated = fmt.Sprintf("its doc comment says so: %q", want.Said), fmt.Sprintf("%s's doc comment: %q", name, want.Said)
	}
	return analysis.Diagnostic{
		Pos: pos, End: end,
		Message: fmt.Sprintf("%s requires %s held (%s), but %s; %s", name, gname, contract, how, fix),
		Related: []analysis.RelatedInformation{{Pos: callee.Pos(), Message: stated}},
	}
}

// classHeldAbove reports whether fi holds a lock of g's class (any
// lock, for a contract a name states: "Locked" may mean another's) at the
// call (held), or some chain of calls into fi's function, in the
// package, holds one at a call on the way or passes through a function
// whose callers it cannot see (its value escapes, an interface call may
// reach it), or the
// function that makes fi's literal holds one anywhere; a go statement
// ends the chain (a goroutine inherits no lock).
func classHeldAbove(res *gate.Result, fi *gate.FuncInfo, g naming.Ref, held gate.Held, anyClass bool) bool {
	cls, ok := fi.Class(g)
	if !ok {
		return true // no class to look for: do not judge words
	}
	matches := func(fi *gate.FuncInfo, h naming.Ref) bool {
		c, ok := fi.Class(h)
		return anyClass || ok && c == cls
	}
	for _, h := range held.All() {
		if matches(fi, h.Gate) {
			return true
		}
	}
	seen := make(map[*ssa.Function]bool)
	var above func(fi *gate.FuncInfo, depth int) bool
	above = func(fi *gate.FuncInfo, depth int) bool {
		if fi == nil || seen[fi.Fn] || depth > 8 {
			return false
		}
		seen[fi.Fn] = true
		if parent := fi.Fn.Parent(); parent != nil {
			return makerHolds(res.Info(parent), fi.Fn, func(h naming.Ref) bool { return matches(res.Info(parent), h) }) || above(res.Info(parent), depth+1)
		}
		if res.Escapes(fi.Fn) || fi.Fn.Signature.Recv() != nil && res.Invoked(fi.Fn.Name()) {
			return true // callers the package does not show: do not judge words
		}
		for _, site := range res.CallSites(fi.Fn) {
			if _, isGo := site.(*ssa.Go); isGo {
				continue
			}
			caller := res.Info(site.Parent())
			if caller == nil {
				continue
			}
			for _, h := range res.HeldAt(caller, site) {
				if matches(caller, h.Gate) {
					return true
				}
			}
			if above(caller, depth+1) {
				return true
			}
		}
		return false
	}
	return above(fi, 0)
}

// makerHolds reports whether maker, the function that makes literal lit,
// acquires a lock that matches anywhere, unless it only starts lit as a
// goroutine.
func makerHolds(maker *gate.FuncInfo, lit *ssa.Function, matches func(naming.Ref) bool) bool {
	if maker == nil || startedOnly(maker.Fn, lit) {
		return false
	}
	for _, a := range maker.Acquires {
		if matches(a.GateOp.Gate) {
			return true
		}
	}
	return false
}

// startedOnly reports whether every use of literal lit in fn is a go
// statement's.
func startedOnly(fn, lit *ssa.Function) bool {
	uses := 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != lit {
				continue
			}
			for _, ref := range *mc.Referrers() {
				if g, ok := ref.(*ssa.Go); !ok || g.Call.Value != mc {
					return false
				}
				uses++
			}
		}
	}
	return uses > 0
}
