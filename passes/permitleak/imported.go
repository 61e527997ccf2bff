package permitleak

import (
	"fmt"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/concurrency"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/facts"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// An exported function that returns holding a gate on some paths, with
// no sign that it means to (no deferred release, no release before a
// non-error return, no result that tells which way it went), cannot be
// judged in its own package: its callers are elsewhere. It is judged
// where they are. Whichever way a caller treats it, one of its paths is
// wrong: a caller that does not release the gate loses it whenever the
// function takes the early return. So a call whose caller neither
// releases the gate afterwards nor returns holding it is reported there,
// naming the return that keeps the gate.

// LeakFact says that an exported function may return holding gates on
// some paths that it releases on the others.
type LeakFact struct{ Leaks []Leak }

// A Leak is one gate an exported function may return holding.
type Leak struct {
	Gate    gate.GateOp // in the function's own terms
	Return  string      // file:line of a return that keeps the gate
	Release string      // file:line of a release on the other paths
	Writer  string      // for a read lock, file:line of a write lock it then blocks
	Module  string      // the module of the function's package, when the driver says
}

// LeakFacts is permitleak's package fact: the LeakFacts of the
// package's exported functions.
type LeakFacts struct{ facts.Book[LeakFact] }

// newLeaks returns the table of the leaks of the package's exported
// functions, which run records, and of other packages' functions.
func newLeaks(pass *analysis.Pass) *facts.Table[[]Leak, LeakFact] {
	return facts.NewTable[LeakFacts](pass, facts.Spec[[]Leak, LeakFact]{
		Export: func(leaks []Leak) (*LeakFact, bool) { return &LeakFact{Leaks: leaks}, len(leaks) > 0 },
		Import: func(f *LeakFact) []Leak { return f.Leaks },
	})
}

// AFact marks LeakFacts as an analysis fact.
func (*LeakFacts) AFact() {}

func (f *LeakFact) String() string {
	s := "leaks"
	for _, l := range f.Leaks {
		s += " " + l.Gate.Gate.Key() + " at " + l.Return
	}
	return s
}

// leakOf returns fi's leak of h at return x, for importing packages, when
// fi is exported, the gate is one its callers can name, and some return
// that releases it may succeed: a function that gives the gate back only
// with an error it checked (a pool slot kept with the connection on
// success) is an acquire helper that says which way it went.
func leakOf(pass *analysis.Pass, res *gate.Result, conc *concurrency.Result, fi *gate.FuncInfo, x exit, h *gate.Holding, rel gate.Event, frees []exit) (Leak, bool) {
	if _, ok := facts.Exported(pass, fi.Fn); !ok || !h.Gate.Crosses() || returnsReleaser(res, fi, x.ret, h) || !res.Releasable(pass, fi, h.Gate) {
		return Leak{}, false
	}
	if !slices.ContainsFunc(frees, func(f exit) bool { return maySucceed(f.ret) }) {
		return Leak{}, false
	}
	l := Leak{Gate: h.GateOp, Return: gate.PosText(pass.Fset, x.ret.Pos()), Release: gate.PosText(pass.Fset, rel.Pos), Module: moduleOf(pass)}
	if h.Mode == known.Shared {
		w, ok := conc.WriterOf(fi, h.Gate)
		if !ok {
			return Leak{}, false // a read lock nothing writes costs nothing kept
		}
		l.Writer = gate.PosText(pass.Fset, w.Acquire.Pos)
	}
	return l, true
}

// releasesClass reports whether fi's function releases, for its caller,
// a gate of class cls.
func releasesClass(fi *gate.FuncInfo, cls string) bool {
	if fi == nil || fi.Summary == nil {
		return false
	}
	for _, r := range fi.Summary.Releases {
		if c, ok := fi.Class(r.Gate); ok && c == cls {
			return true
		}
	}
	return false
}

// importedLeaks reports the package's calls of other packages' functions
// that may return holding a gate (LeakFact) where the caller does not
// handle it.
func importedLeaks(pass *analysis.Pass, res *gate.Result, rep *directive.Reporter, leaks *facts.Table[[]Leak, LeakFact]) {
	for _, fi := range res.Funcs {
		for call, cal := range fi.StaticCalls() {
			if known.PkgPath(cal.Fn) == pass.Pkg.Path() {
				continue // the table holds the package's own leaks too: run judged them
			}
			for _, l := range leaks.Of(cal.Fn) {
				ref, ok := fi.Translate(l.Gate.Gate, cal)
				switch {
				case !ok || handles(fi, call, ref.Key()) || otherModule(pass, l):
				case l.Writer != "":
					rep.Latent(leakAt(pass, fi, call, cal.Fn, ref, l))
				default:
					rep.Certain(leakAt(pass, fi, call, cal.Fn, ref, l))
				}
			}
		}
	}
}

// moduleOf returns the path of the module pass's package belongs to, or
// "" when the driver does not say (standalone mode).
func moduleOf(pass *analysis.Pass) string {
	if pass.Module == nil {
		return ""
	}
	return pass.Module.Path
}

// otherModule reports whether leak l lies in a module other than the
// one being analysed: a dependency's return that keeps its own lock is
// that module's bug, which the caller can neither fix nor tell from a
// path the dependency's state rules out (a return after Close, which
// took the lock for good); the dependency's run reports it at its own
// callers.
func otherModule(pass *analysis.Pass, l Leak) bool {
	here := moduleOf(pass)
	return here != "" && l.Module != "" && l.Module != here
}

// leakAt says that call, to fn, may leave gate ref held and fi does not
// give it back.
func leakAt(pass *analysis.Pass, fi *gate.FuncInfo, call *ssa.Call, fn *ssa.Function, ref naming.Ref, f Leak) analysis.Diagnostic {
	pkg := pass.Pkg.Path()
	callee, name := naming.CalleeName(fn, pkg), ref.Spell(pkg)
	d := analysis.Diagnostic{
		Pos: call.Pos(), End: call.Pos(),
		Message: fmt.Sprintf("%s may return with %s (%s) still held: its return at %s keeps it, while it releases it on another path (%s), and %s neither releases %s after the call nor returns holding it, "+
			"so each time %s takes that return %s is lost for good; the fix is in %s: make %s release %s before its return at %s",
			callee, name, f.Gate.Kind, f.Return, f.Release, naming.CalleeName(fi.Fn, pkg), name, callee, name, known.PkgPath(fn), callee, name, f.Return),
	}
	if f.Writer != "" {
		d.Message = fmt.Sprintf("%s may return with %s (%s) still read-locked: its return at %s keeps it, while it releases it on another path (%s), and %s neither releases %s after the call nor returns holding it, "+
			"so once %s has taken that return the next write lock of %s (as at %s) blocks for good, and so does every read lock after it; the fix is in %s: make %s release %s before its return at %s",
			callee, name, f.Gate.Kind, f.Return, f.Release, naming.CalleeName(fi.Fn, pkg), name, callee, name, f.Writer, known.PkgPath(fn), callee, name, f.Return)
	}
	if obj, ok := fn.Object().(*types.Func); ok && obj.Pos().IsValid() {
		d.Related = []analysis.RelatedInformation{{Pos: obj.Pos(), Message: fmt.Sprintf("%s, which keeps %s on its return at %s", callee, name, f.Return)}}
	}
	return d
}

// maySucceed reports whether ret may return no error: the function
// returns none, or a nil constant, or a value that is neither made as an
// error here nor checked to be non-nil on the way to ret.
func maySucceed(ret *ssa.Return) bool {
	if !errorReturn(ret) {
		return true
	}
	v := ret.Results[len(ret.Results)-1]
	if c, ok := v.(*ssa.Call); ok {
		if f := c.Call.StaticCallee(); f != nil {
			switch known.PkgPath(f) + "." + f.Name() {
			case "errors.New", "fmt.Errorf":
				return false
			}
		}
	}
	return !cfg.NonNilOn(ret.Block(), v)
}
