package lockorder

import (
	_ "embed"
	"fmt"
	"go/token"
	"golang.org/x/tools/go/ssa"
	"path"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/concurrency"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatepass"
	"github.com/gatevet/gatevet/internal/lockgraph"
	"github.com/gatevet/gatevet/internal/naming"
)

// doc is the source of doc.go, whose package doc comment holds the
// analyzer's documentation.
//
//go:embed doc.go
var doc string

// Analyzer is the lockorder pass.
var Analyzer = gatepass.New("lockorder", doc, run, lockgraph.Analyzer, concurrency.Analyzer)

func run(pass *analysis.Pass, res *gate.Result, rep *directive.Reporter) {
	orders := pass.ResultOf[lockgraph.Analyzer].(*lockgraph.Result)
	conc := pass.ResultOf[concurrency.Analyzer].(*concurrency.Result)
	// Edges by their pair of classes, so that each edge meets only its
	// reverses: the cost is linear in the edges.
	byPair := make(map[[2]string][]lockgraph.OrderEdge)
	for _, e := range append(append([]lockgraph.OrderEdge(nil), orders.Local...), orders.Imported...) {
		byPair[[2]string{e.From, e.To}] = append(byPair[[2]string{e.From, e.To}], e)
	}
	found := make(map[int]*reverse) // a local edge's index → its reverse
	for i, e := range orders.Local {
		if d, ok := against(orders.Declared, e); ok {
			rep.Certain(diagnoseDeclared(pass, e, d))
			continue
		}
		var best *reverse
		for _, r := range byPair[[2]string{e.To, e.From}] {
			if _, ok := against(orders.Declared, r); ok {
				continue // reported where r goes against the declared order
			}
			if !inverts(e, r) || inTest(pass, e) != inTest(pass, r) || apart(conc, e, r) {
				continue
			}
			ew, eok := blocks(conc, e, r)
			rw, rok := blocks(conc, r, e)
			if eok && rok && (best == nil || best.better(e, r)) {
				best = &reverse{r, ew, rw}
			}
		}
		if best != nil {
			found[i] = best
		}
	}
	onOne := onOneObject(orders.Local, found)
	for i, e := range orders.Local {
		best, ok := found[i]
		if !ok || !e.Joint && best.r.Joint && onOne[onFunc{e.FuncInfo(), e.From, e.To}] {
			continue
		}
		rep.Latent(diagnose(pass, e, best.r, queued(pass, e.ToName, best.ew), queued(pass, e.FromName, best.rw)))
	}
}

// onFunc is a function's order between two classes.
type onFunc struct {
	fi       *gate.FuncInfo
	from, to string
}

// onOneObject returns the functions' orders that take both gates on one
// object (OrderEdge.Joint) and invert an order on one object elsewhere.
// The same function's order between the same classes on two objects (a
// replacement bucket's maintenance lock, then the old bucket's flush
// lock), against an order on one object too, is not reported beside it:
// it meets that order only when its two objects are one, or in a cycle
// of four goroutines, and the function's order is one fix for both (the
// one report per function and pair of classes lockorder has always
// made, now at the order on one object).
func onOneObject(local []lockgraph.OrderEdge, found map[int]*reverse) map[onFunc]bool {
	out := make(map[onFunc]bool)
	for i, e := range local {
		if best, ok := found[i]; ok && e.Joint && best.r.Joint {
			out[onFunc{e.FuncInfo(), e.From, e.To}] = true
		}
	}
	return out
}

// A reverse is an edge that inverts the one reported, with the writers
// each side's read lock waits behind (blocks).
type reverse struct {
	r      lockgraph.OrderEdge
	ew, rw *gate.Writer
}

// better reports whether r is a likelier other half of e than the
// reverse found so far. An order on an object its function just made
// (Made) meets another goroutine only once the object is published, so
// an order on objects that were there before is likelier; then one of
// e's own kind: against an order on one object's two locks (Joint), an
// order on one object, which meets it on any object that takes both;
// against an order on two objects, one on two objects, which meets it
// without the two being one; failing both, the first found.
func (b *reverse) better(e, r lockgraph.OrderEdge) bool {
	if b.r.Made() != r.Made() {
		return !r.Made()
	}
	return r.Joint == e.Joint && b.r.Joint != e.Joint
}

// inverts reports whether r takes e's gates in the opposite order, in a
// way that can deadlock against e.
func inverts(e, r lockgraph.OrderEdge) bool {
	if e.From != r.To || e.To != r.From || e.Shared && r.Shared {
		return false
	}
	if apartModes(e.FromModes, r.ToModes) || apartModes(e.ToModes, r.FromModes) {
		return false // the gates of one class are on objects of different modes
	}
	for _, c := range e.Also {
		if slices.Contains(r.Also, c) {
			return false // a common outer gate serialises both paths
		}
	}
	return !apartParts(e, r)
}

// apartParts reports whether two edges that each take two locks of one
// object meet on no object: one of their pairs of gates is the same
// place in the object (c.handshakeMutex on both sides), so the two
// objects are one, and the other pair are two different places held by
// value (c.out and c.in, both halfConns), never one lock.
func apartParts(e, r lockgraph.OrderEdge) bool {
	if !e.Joint || !r.Joint || e.FromPart == "" || e.ToPart == "" || r.FromPart == "" || r.ToPart == "" {
		return false
	}
	return e.FromPart == r.ToPart && e.ToPart != r.FromPart || e.ToPart == r.FromPart && e.FromPart != r.ToPart
}

// apartModes reports whether two sets of modes, both known, have none
// in common: no object can be on both sides.
func apartModes(a, b []string) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	for _, m := range a {
		if slices.Contains(b, m) {
			return false
		}
	}
	return true
}

// apart reports whether the concurrency model proves that e and r,
// both of this package, never meet: they never run at the same time,
// or one takes the locks of objects its test made and the other runs
// in another test.
func apart(conc *concurrency.Result, e, r lockgraph.OrderEdge) bool {
	if e.FuncInfo() == nil || r.FuncInfo() == nil {
		return false
	}
	if conc.InOtherTest(e.Fixture(), r.FuncInfo()) || conc.InOtherTest(r.Fixture(), e.FuncInfo()) {
		return true
	}
	_, ok := conc.Apart(e.FuncInfo(), e.Instr(), r.FuncInfo(), r.Instr())
	return ok
}

// inTest reports whether edge e is taken in a _test.go file. A test
// drives the code under test, and takes its locks to poke at it, at
// moments its own waits choose: an order it takes against the
// production code's is no inversion the production code has, and
// whether the two overlap depends on the test's timing. Orders are
// compared within production code, and within test code (two
// goroutines of tests). An edge from another package is production.
func inTest(pass *analysis.Pass, e lockgraph.OrderEdge) bool {
	return e.Pos().IsValid() && strings.HasSuffix(pass.Fset.Position(e.Pos()).Filename, "_test.go")
}

// blocks reports whether e's acquire can wait while r's path holds the
// gate: always, unless e takes a read lock that r holds in read mode too;
// then only a writer queued between them makes it wait, and there must
// be one that can run meanwhile on a published object
// (concurrency.Result.Writer), returned. An edge from another package,
// whose writers are not known here, counts as not waiting.
func blocks(conc *concurrency.Result, e, r lockgraph.OrderEdge) (*gate.Writer, bool) {
	if !e.ToShared || !r.FromShared {
		return nil, true
	}
	fi := e.FuncInfo()
	if fi == nil {
		return nil, false
	}
	w, ok := conc.Writer(fi, e.To)
	return &w, ok
}

// A writerNote says which writer a read lock of the cycle waits behind.
type writerNote struct {
	text string // "(*Server).Reload (server.go:117) write-locks s.rw"
	pos  token.Pos
	gate string
}

// queued describes writer w of gate, spelled name, or returns nil.
func queued(pass *analysis.Pass, name string, w *gate.Writer) *writerNote {
	if w == nil {
		return nil
	}
	return &writerNote{
		text: fmt.Sprintf("%s (%s) write-locks %s", naming.CalleeName(w.Func.Fn, pass.Pkg.Path()), gate.PosText(pass.Fset, w.Acquire.Pos), name),
		pos:  w.Acquire.Pos, gate: name,
	}
}

// diagnose reports e against its reverse r; writers are those a read
// lock of the cycle waits behind, when it does.
func diagnose(pass *analysis.Pass, e, r lockgraph.OrderEdge, writers ...*writerNote) analysis.Diagnostic {
	pkg := pass.Pkg.Path()
	other := fmt.Sprintf("%s (%s) acquires %s while holding %s", r.Func, r.At, r.ToName, r.FromName)
	if r.Pkg != pkg {
		// Spelled in its own package: name the gates as this one does,
		// unless r takes them on two objects and e on one, or the other
		// way round (the names would say one object, or two).
		other = fmt.Sprintf("%s in package %s (%s) acquires %s while holding %s", r.Func, path.Base(r.Pkg), r.At, e.FromName, e.ToName)
		if r.Joint != e.Joint {
			other = fmt.Sprintf("%s in package %s (%s) acquires %s while holding %s, as it names them", r.Func, path.Base(r.Pkg), r.At, r.ToName, r.FromName)
		}
	}
	deadlock := "it deadlocks when two goroutines take the two paths at once"
	if e.Joint != r.Joint {
		// One order takes both gates on one object, the other on two:
		// two goroutines meet only if the two are one object.
		deadlock = "it deadlocks when the two paths run at once and the order on two objects locks what the other locks on one (one object given for both, or a part the two share), or when four goroutines take them on two objects, each path both ways round"
	}
	var related []analysis.RelatedInformation
	for _, w := range writers {
		if w != nil {
			deadlock += fmt.Sprintf(" and a third goroutine queues to write-lock %s (%s)", w.gate, w.text)
			related = append(related, analysis.RelatedInformation{Pos: w.pos, Message: "a writer of " + w.gate + " that can queue between the two read locks"})
		}
	}
	acquired := "acquired"
	if call, ok := e.Instr().(ssa.CallInstruction); ok && len(e.Chain) > 0 {
		// Taken inside the call here: name the callee, as the related
		// items name the hops after it.
		if cal, ok := naming.Resolve(call.Common()); ok {
			acquired = "acquired in " + naming.CalleeName(cal.Fn, pkg)
		}
	}
	d := analysis.Diagnostic{
		Pos: e.Pos(),
		Message: fmt.Sprintf("%s is %s while holding %s, but %s: lock-order inversion, %s; "+
			"acquire %s and %s in one order everywhere, or release one before taking the other",
			e.ToName, acquired, e.FromName, other, deadlock, e.FromName, e.ToName),
		Related: []analysis.RelatedInformation{{Pos: e.FromPos(), Message: e.FromName + " acquired here"}},
	}
	d.Related = append(d.Related, gate.ChainRelated(e.Chain, "acquired through ")...)
	if r.Pos().IsValid() {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: r.Pos(), Message: "the opposite order: " + r.ToName + " acquired while holding " + r.FromName})
	}
	d.Related = append(d.Related, related...)
	return d
}
