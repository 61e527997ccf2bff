// Package lockorder reports two gates acquired in opposite orders on two
// paths: the AB-BA deadlock.
//
// When one path holds A and waits for B while another holds B and waits
// for A, two goroutines taking them at once wait for each other forever.
// The gate model records the package's lock-order edges (a blocking
// acquire of one gate class while another is held, directly or in a
// callee, through summaries across packages) and exports them as a
// package fact. The pass matches each edge of the package against the
// edges of the package and of its dependencies, and reports an edge whose
// reverse exists. Not reported: a reverse taken with TryLock or
// TryAcquire (it cannot wait), both edges in shared mode (RLock), both
// edges under a common outer gate that serialises them, and two
// instances of one class (a.mu and b.mu of the same type), whose order
// is a matter of values, not of code.
package lockorder

import (
	"fmt"
	"path"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/lockgraph"
)

// Analyzer is the lockorder pass.
var Analyzer = &analysis.Analyzer{
	Name:     "lockorder",
	Doc:      doc,
	URL:      "https://github.com/gatevet/gatevet/blob/main/docs/analyzers/lockorder.md",
	Requires: []*analysis.Analyzer{gate.Analyzer, lockgraph.Analyzer},
	Run:      run,
}

const doc = `report two locks or semaphores acquired in opposite orders

When one path holds A and waits for B while another holds B and waits for
A, two goroutines taking the two paths at once deadlock.

Reported: a blocking acquire of gate B while A is held, when another path
(in this package, or in a dependency, through calls) acquires A while B is
held. Gates are compared by class: a package-level variable, or a field
of a named type. Both sites are named, with the cycle.

Not reported: an order taken only with TryLock or TryAcquire; both orders
in shared mode (RLock); both orders under a common outer lock; two
instances of the same field (a.mu, b.mu), whose order depends on values.

Fix: acquire the gates in one order everywhere, or release the first
before taking the second.

Bad:

	func (s *Server) Close() {
		s.mu.Lock()
		for _, c := range s.conns {
			c.mu.Lock() // reported: Conn.Close takes c.mu, then s.mu
		}
	}

	func (c *Conn) Close() {
		c.mu.Lock()
		c.srv.mu.Lock()
	}

Good: Conn.Close releases c.mu before taking c.srv.mu, or takes s.mu
first.

Suppress one report with //gatevet:ignore lockorder reason on its line
or the line above (under golangci-lint, //nolint:gatevet works too).`

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[gate.Analyzer].(*gate.Result)
	rep := directive.NewReporter(pass, res.Directives)
	orders := pass.ResultOf[lockgraph.Analyzer].(*lockgraph.Result)
	local := orders.Local
	all := append(append([]lockgraph.OrderEdge(nil), local...), orders.Imported...)
	for _, e := range local {
		for _, r := range all {
			if inverts(e, r) {
				rep.Report(diagnose(pass.Pkg.Path(), e, r))
				break
			}
		}
	}
	rep.Finish()
	return nil, nil
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
	for _, h := range e.Chain {
		if h.Pos().IsValid() {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: h.Pos(), Message: "acquired through " + h.What})
		}
	}
	if r.Pos().IsValid() {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: r.Pos(), Message: "the opposite order: " + r.ToName + " acquired while holding " + r.FromName})
	}
	return d
}
