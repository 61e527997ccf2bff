package lockorder

import (
	_ "embed"
	"fmt"
	"path"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/concurrency"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatepass"
	"github.com/gatevet/gatevet/internal/lockgraph"
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
	local := orders.Local
	all := append(append([]lockgraph.OrderEdge(nil), local...), orders.Imported...)
	for _, e := range local {
		for _, r := range all {
			if inverts(e, r) && blocks(res, e, r) && blocks(res, r, e) && inTest(pass, e) == inTest(pass, r) && !apart(conc, e, r) {
				rep.Latent(diagnose(pass.Pkg.Path(), e, r))
				break
			}
		}
	}
}

// inverts reports whether r takes e's gates in the opposite order, in a
// way that can deadlock against e.
func inverts(e, r lockgraph.OrderEdge) bool {
	if e.From != r.To || e.To != r.From || e.Shared && r.Shared {
		return false
	}
	for _, c := range e.Also {
		if slices.Contains(r.Also, c) {
			return false // a common outer gate serialises both paths
		}
	}
	return true
}

// apart reports whether the concurrency model proves that e and r,
// both of this package, never run at the same time: then the two
// orders never meet.
func apart(conc *concurrency.Result, e, r lockgraph.OrderEdge) bool {
	if e.FuncInfo() == nil || r.FuncInfo() == nil {
		return false
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
// be one that can run meanwhile (gate.Result.Writer). An edge from
// another package, whose writers are not known here, counts as not
// waiting.
func blocks(res *gate.Result, e, r lockgraph.OrderEdge) bool {
	if !e.ToShared || !r.FromShared {
		return true
	}
	fi := e.FuncInfo()
	if fi == nil {
		return false
	}
	_, ok := res.Writer(fi, e.To)
	return ok
}

func diagnose(pkg string, e, r lockgraph.OrderEdge) analysis.Diagnostic {
	other := fmt.Sprintf("%s (%s) acquires %s while holding %s", r.Func, r.At, r.ToName, r.FromName)
	if r.Pkg != pkg {
		// Spelled in its own package: name the gates as this one does.
		other = fmt.Sprintf("%s in package %s (%s) acquires %s while holding %s", r.Func, path.Base(r.Pkg), r.At, e.FromName, e.ToName)
	}
	d := analysis.Diagnostic{
		Pos: e.Pos(),
		Message: fmt.Sprintf("%s is acquired while holding %s, but %s: lock-order inversion, two goroutines taking both paths deadlock; "+
			"acquire %s and %s in one order everywhere, or release one before taking the other",
			e.ToName, e.FromName, other, e.FromName, e.ToName),
		Related: []analysis.RelatedInformation{{Pos: e.FromPos(), Message: e.FromName + " acquired here"}},
	}
	d.Related = append(d.Related, gate.ChainRelated(e.Chain, "acquired through ")...)
	if r.Pos().IsValid() {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: r.Pos(), Message: "the opposite order: " + r.ToName + " acquired while holding " + r.FromName})
	}
	return d
}
