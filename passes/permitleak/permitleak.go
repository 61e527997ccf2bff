package permitleak

import (
	_ "embed"
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/concurrency"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatepass"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
	"github.com/gatevet/gatevet/internal/source"
)

// doc is the source of doc.go, whose package doc comment holds the
// analyzer's documentation.
//
//go:embed doc.go
var doc string

// Analyzer is the permitleak pass.
var Analyzer = func() *analysis.Analyzer {
	a := gatepass.New("permitleak", doc, run, concurrency.Analyzer)
	a.FactTypes = []analysis.Fact{new(LeakFacts)}
	return a
}()

// exit is a return with the gates held on it.
type exit struct {
	ret  *ssa.Return
	held map[string]*gate.Holding
}

func run(pass *analysis.Pass, res *gate.Result, rep *directive.Reporter) {
	conc := pass.ResultOf[concurrency.Analyzer].(*concurrency.Result)
	leaks := newLeaks(pass)
	for _, fi := range res.Funcs {
		if gate.ReturnsFunc(fi.Fn) {
			continue
		}
		events := fi.Events()
		byGate := releases(events)
		if len(byGate) == 0 {
			continue // nothing to leak against: skip the replay
		}
		var exits []exit
		var fact LeakFact                // the leaks only importers can judge
		callers := make(map[string]bool) // gates released where not held: the caller's
		fi.Walk(func(instr ssa.Instruction, held gate.Held) {
			ret, ok := instr.(*ssa.Return)
			if !ok {
				noteCallers(callers, events, instr, held)
				return
			}
			x := exit{ret: ret, held: make(map[string]*gate.Holding)}
			for _, h := range held.All() {
				if !h.Contract {
					x.held[h.Gate.Key()] = h
				}
			}
			exits = append(exits, x)
		})
		for key, rels := range byGate {
			if callers[key] || handedOn(res, fi, key) || promised(fi, key) {
				continue
			}
			var leaks, frees []exit
			handed := conc.HandedIn(fi, rels[0].Gate)
			for _, x := range exits {
				switch {
				case x.held[key] != nil:
					leaks = append(leaks, x)
				case !handedIn(handed, rels, x):
					frees = append(frees, x)
				}
			}
			leaks = slices.DeleteFunc(leaks, func(x exit) bool {
				_, closed := res.AfterClose(fi, x.ret, x.held[key])
				return keptOnPurpose(pass, x.ret.Pos()) || closed || handsOwner(fi, x.ret, x.held[key], frees)
			})
			// With no exit that frees the gate (a loop that breaks out
			// holding the lock it lets go of at the bottom of each pass),
			// only the callers can tell a leak from an acquire helper.
			if len(leaks) == 0 || len(frees) > 0 && signals(leaks, frees) || droppedWith(conc, fi, leaks[0].held[key]) {
				continue
			}
			var sites []ssa.CallInstruction
			byCallers := !meansToRelease(rels, frees)
			if byCallers {
				var judged bool
				if sites, judged = unreleasedByCallers(pass, res, fi, leaks[0].held[key]); !judged {
					if l, ok := leakOf(pass, res, conc, fi, leaks[0], leaks[0].held[key], pairedRelease(events, rels, leaks[0].held[key]), frees); ok {
						fact.Leaks = append(fact.Leaks, l)
					}
					continue
				}
			}
			for _, x := range leaks {
				h := x.held[key]
				if returnsReleaser(res, fi, x.ret, h) {
					continue
				}
				rel := pairedRelease(events, rels, h)
				if in, ok := res.Inside(fi, rel); ok {
					// Shown where a deferred literal of its own releases.
					rel.Pos, rel.What = in.Pos, in.What
				}
				// A kept read lock costs nothing until a writer comes; in test
				// code, whose calls run in the order the test spells them,
				// only one on a goroutine the function starts (Writer).
				if h.Mode != known.Shared {
					rep.Certain(diagnose(pass, fi, x, h, rel, byCallers, sites, lostForGood(h.Kind)))
				} else if w, ok := conc.WriterOf(fi, h.Gate); ok {
					rep.Latent(withWriter(pass, diagnose(pass, fi, x, h, rel, byCallers, sites, blocksWriter(pass, w)), w))
				}
			}
		}
		if len(fact.Leaks) > 0 {
			slices.SortFunc(fact.Leaks, func(a, b Leak) int { return strings.Compare(a.Gate.Gate.Key(), b.Gate.Gate.Key()) })
			leaks.Set(fi.Fn, fact.Leaks)
		}
	}
	leaks.Finish(nil)
	importedLeaks(pass, res, rep, leaks)
}

// noteCallers records the gates that instr releases while they are not
// held: the function runs with its caller's lock, lets go of it for a
// while and takes it back before returning, as its caller expects.
func noteCallers(callers map[string]bool, events []gate.Event, instr ssa.Instruction, held gate.Held) {
	for _, e := range events {
		if e.Instr != instr || e.Op != known.Release || e.Deferred {
			continue
		}
		if !held.Has(e.Gate.Key()) {
			callers[e.Gate.Key()] = true
		}
	}
}

// pairedRelease returns the release of rels (a gate's, in the order of
// the code) that the acquire h names reaches before any other acquire
// of the gate: the release on the other paths of that acquire, not one
// of another branch (a switch's other case, which locks and unlocks on
// its own, also when a loop leads back to it); the first when none is
// known to.
func pairedRelease(events []gate.Event, rels []gate.Event, h *gate.Holding) gate.Event {
	for _, a := range events {
		if a.Op != known.Acquire || a.Pos != h.Pos || a.Gate.Key() != h.Gate.Key() {
			continue
		}
		acquires := make(map[*ssa.BasicBlock]bool) // blocks that take the gate again
		for _, e := range events {
			if e.Op == known.Acquire && e.Gate.Key() == h.Gate.Key() {
				acquires[e.Instr.Block()] = true
			}
		}
		reached := make(map[*ssa.BasicBlock]bool)
		cfg.Forward(a.Instr.Block().Succs, func(b *ssa.BasicBlock) bool {
			reached[b] = true
			return !acquires[b]
		})
		for _, r := range rels {
			if b := r.Instr.Block(); b == a.Instr.Block() && cfg.Dominates(a.Instr, r.Instr) || b != a.Instr.Block() && reached[b] && !acquires[b] {
				return r
			}
		}
	}
	return rels[0]
}

// releases groups the function's own releases by gate.
func releases(events []gate.Event) map[string][]gate.Event {
	out := make(map[string][]gate.Event)
	for _, e := range events {
		if e.Op == known.Release {
			out[e.Gate.Key()] = append(out[e.Gate.Key()], e)
		}
	}
	return out
}

// meansToRelease reports whether the function shows it gives the gate
// back: a deferred release, or a return after a release that is not an
// error return, or that returns nil on some path to it (err set after
// the release only when nothing was found).
func meansToRelease(rels []gate.Event, frees []exit) bool {
	for _, r := range rels {
		if r.Deferred {
			return true
		}
		for _, x := range frees {
			if (!errorReturn(x.ret) || nilOnSomePath(x.ret.Results[len(x.ret.Results)-1], 0) || cfg.NilAt(x.ret.Results[len(x.ret.Results)-1], r.Instr)) && cfg.After(r.Instr, x.ret) {
				return true
			}
		}
	}
	return false
}

// nilOnSomePath reports whether v is a phi that is a nil constant on
// some edge into it.
func nilOnSomePath(v ssa.Value, depth int) bool {
	phi, ok := v.(*ssa.Phi)
	if !ok || depth > 4 {
		return false
	}
	for _, e := range phi.Edges {
		if k, ok := e.(*ssa.Const); ok && k.IsNil() || nilOnSomePath(e, depth+1) {
			return true
		}
	}
	return false
}

// errorReturn reports whether ret returns an error that is not a
// constant nil.
func errorReturn(ret *ssa.Return) bool {
	n := len(ret.Results)
	if n == 0 || !source.ReturnsError(ret.Parent().Signature) {
		return false
	}
	// Read as written (not through naming.Returned): a function with
	// defers that returns nil may still give the gate back in a deferred
	// call it runs only on some paths (if !unlocked { Unlock() }), and
	// its callers, not this return, judge it.
	k, ok := ret.Results[n-1].(*ssa.Const)
	return !ok || !k.IsNil()
}

// signals reports whether a result tells the caller which way it went:
// one constant on every leaking return, another on every freeing one
// (true and false, nil and an error). The one result, or, with several,
// a bool before a last error result ((locked bool, err error)); a bool
// last says found or not (v, ok), not held or not.
func signals(leaks, frees []exit) bool {
	sig := leaks[0].ret.Parent().Signature.Results()
	n := len(leaks[0].ret.Results)
	for i := range n {
		if n > 1 && (i == n-1 || !isBool(sig.At(i).Type()) || !source.ReturnsError(leaks[0].ret.Parent().Signature)) {
			continue
		}
		a, okA := sameConst(leaks, i)
		b, okB := sameConst(frees, i)
		if okA && okB && a != b {
			return true
		}
	}
	return false
}

// isBool reports whether t is a boolean type.
func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// sameConst returns the constant that every exit returns as result i.
func sameConst(exits []exit, i int) (string, bool) {
	var val string
	for j, x := range exits {
		k, ok := naming.Returned(x.ret, i).(*ssa.Const)
		if !ok {
			return "", false
		}
		if s := k.String(); j == 0 {
			val = s
		} else if s != val {
			return "", false
		}
	}
	return val, true
}

// handedOn reports whether a function literal that releases the gate
// leaves the function other than called or deferred in place: stored,
// returned, passed to a callback taker or started, which then owns the
// release.
func handedOn(res *gate.Result, fi *gate.FuncInfo, key string) bool {
	for _, r := range res.LiteralReleases(fi) {
		if r.Gate.Key() == key && !r.InPlace {
			return true
		}
	}
	return false
}

// handedIn reports whether exit x may hold the gate of rels (the
// function's releases of it) though no acquire on its path took it: a
// permit handed over on a channel (concurrency.Result.HandedIn), received
// at one of points, with no release between there and x. Such an exit
// neither leaks nor frees the gate.
func handedIn(points []ssa.Instruction, rels []gate.Event, x exit) bool {
	released := func(instr ssa.Instruction) bool {
		return slices.ContainsFunc(rels, func(e gate.Event) bool { return e.Instr == instr && !e.Deferred })
	}
	for _, p := range points {
		if cfg.Meets(p, func(instr ssa.Instruction) bool { return instr == x.ret }, released) {
			return true
		}
	}
	return false
}

// returnsReleaser reports whether ret hands the caller a value that can
// give gate h back: one with a Release, Close, Unlock or Done method, or
// one whose type has a method of this package that releases a gate of
// h's class (a transaction whose Rollback unlocks what Begin locked).
func returnsReleaser(res *gate.Result, fi *gate.FuncInfo, ret *ssa.Return, h *gate.Holding) bool {
	cls, classed := fi.Class(h.Gate)
	for _, v := range ret.Results {
		if k, ok := v.(*ssa.Const); ok && k.IsNil() || types.Identical(v.Type(), types.Universe.Lookup("error").Type()) {
			continue
		}
		ms := types.NewMethodSet(v.Type())
		if _, isPtr := v.Type().Underlying().(*types.Pointer); !isPtr && !types.IsInterface(v.Type()) {
			ms = types.NewMethodSet(types.NewPointer(v.Type()))
		}
		for _, name := range []string{"Release", "Close", "Unlock", "Done"} {
			if ms.Lookup(nil, name) != nil {
				return true
			}
		}
		if !classed {
			continue
		}
		for m := range ms.Methods() {
			f, ok := m.Obj().(*types.Func)
			if !ok || f.Pkg() != fi.Fn.Pkg.Pkg {
				continue
			}
			if releasesClass(res.Info(fi.Fn.Prog.FuncValue(f)), cls) {
				return true
			}
		}
	}
	return false
}

// handsOwner reports whether ret gives the caller the object whose lock
// h is (one of its results holds the gate, as a waiter made locked and
// returned for the caller to fill and unlock), where no return that frees
// the gate gives that object too: the lock travels with the object, and
// handing it on is what the function does at this return.
func handsOwner(fi *gate.FuncInfo, ret *ssa.Return, h *gate.Holding, frees []exit) bool {
	for i, v := range ret.Results {
		r, ok := fi.Ref(cfg.Returned(v))
		if !ok || !owns(r, h.Gate) {
			continue
		}
		handed := true
		for _, x := range frees {
			if f, ok := fi.Ref(cfg.Returned(x.ret.Results[i])); ok && owns(f, h.Gate) {
				handed = false
			}
		}
		if handed {
			return true
		}
	}
	return false
}

// owns reports whether gate g is a lock inside the object r names: r's
// path followed by fields.
func owns(r, g naming.Ref) bool {
	if r.Root != g.Root || r.Index != g.Index || r.Pkg != g.Pkg || r.Root == naming.Global && r.Name != g.Name || len(g.Path) <= len(r.Path) {
		return false
	}
	return slices.Equal(r.Path, g.Path[:len(r.Path)]) && g.Path[len(r.Path)] != naming.Deref
}

// lostForGood says what a kept permit or write lock costs: a counting
// gate loses a permit at each pass; a lock, at the first, after which
// its next acquire blocks.
func lostForGood(kind known.Kind) func(string) string {
	if kind.Counting() {
		return func(name string) string { return "each pass through here loses a permit of " + name + " for good" }
	}
	return func(name string) string {
		return "once a pass through here has kept " + name + ", its next acquire blocks for good"
	}
}

// blocksWriter says what a kept read lock costs: nothing, until writer w
// comes.
func blocksWriter(pass *analysis.Pass, w gate.Writer) func(string) string {
	return func(name string) string {
		return fmt.Sprintf("once a pass through here has kept the read lock, the next write lock of %s (%s in %s at %s) blocks for good, and so does every read lock after it",
			name, w.Acquire.What, naming.CalleeName(w.Func.Fn, pass.Pkg.Path()), gate.PosText(pass.Fset, w.Acquire.Pos))
	}
}

// withWriter adds the writer a kept read lock blocks to d.
func withWriter(pass *analysis.Pass, d analysis.Diagnostic, w gate.Writer) analysis.Diagnostic {
	d.Related = append(d.Related, analysis.RelatedInformation{Pos: w.Acquire.Pos,
		Message: "the writer that then blocks: " + w.Acquire.What + " in " + naming.CalleeName(w.Func.Fn, pass.Pkg.Path())})
	return d
}

// diagnose says that x keeps h, at the cost lost says; byCallers, that
// the function's callers were the evidence: sites are its calls in the
// package, none of which releases the gate (none, for an exported
// function whose gate no other package can give back).
func diagnose(pass *analysis.Pass, fi *gate.FuncInfo, x exit, h *gate.Holding, rel gate.Event, byCallers bool, sites []ssa.CallInstruction, lost func(string) string) analysis.Diagnostic {
	pos := x.ret.Pos()
	if !pos.IsValid() {
		if syn := fi.Fn.Syntax(); syn != nil {
			pos = syn.End() - 1 // the closing brace
		}
	}
	name := h.Gate.Spell(pass.Pkg.Path())
	how := "is released"
	if rel.Deferred {
		how = "has its release deferred"
	}
	d := analysis.Diagnostic{
		Pos: pos, End: pos,
		Message: fmt.Sprintf("this return keeps %s (%s) held: it %s on the other paths, so %s; "+
			"release it before returning, or defer the release right after the acquire", name, h.Kind, how, lost(name)),
		Related: []analysis.RelatedInformation{
			{Pos: h.Pos, Message: "acquired here: " + h.What},
			{Pos: rel.Pos, Message: "released here on the other paths: " + rel.What},
		},
	}
	switch {
	case byCallers && len(sites) == 0:
		d.Message = fmt.Sprintf("this return keeps %s (%s) held, and no caller of %s can give it back: other packages cannot name it and nothing here releases it for them, so %s; "+
			"release it before returning, or defer the release right after the acquire", name, h.Kind, naming.CalleeName(fi.Fn, pass.Pkg.Path()), lost(name))
	case byCallers:
		d.Message = fmt.Sprintf("this return keeps %s (%s) held, and no caller of %s releases it (%d call sites): the function is not an acquire helper, so %s; "+
			"release it before returning, or defer the release right after the acquire", name, h.Kind, naming.CalleeName(fi.Fn, pass.Pkg.Path()), len(sites), lost(name))
		for i, call := range sites {
			if i == 3 {
				break
			}
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: call.Pos(),
				Message: fmt.Sprintf("called here by %s, which never releases %s", naming.CalleeName(call.Parent(), pass.Pkg.Path()), name)})
		}
	}
	if when, ok := branchOf(pass, pos, h.Pos); ok {
		d.Message += " (this return runs " + when + ")"
	}
	return d
}

// droppedWith reports whether gate h belongs to the object fi gets as a
// parameter, and every call hands fi an object its caller made for the
// call and drops after it: whatever fi keeps held there, nothing else
// can reach it to wait.
func droppedWith(conc *concurrency.Result, fi *gate.FuncInfo, h *gate.Holding) bool {
	g := h.Gate
	if g.Root != naming.Param || slices.ContainsFunc(g.Path, func(s string) bool { return s == naming.Deref || naming.IsElemStep(s) }) {
		return false
	}
	_, ok := conc.Dropped(fi.Fn, g.Index)
	return ok
}

// promised reports whether fi's function says, by a //gatevet:acquires
// or releases contract, what it does with the gate of key: contracts
// holds its returns to the promise.
func promised(fi *gate.FuncInfo, key string) bool {
	return slices.ContainsFunc(fi.Promises, func(p gate.Promise) bool { return p.Gate.Key() == key })
}
