package lockorder

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/lockgraph"
)

// against returns the declared order that edge e goes against: one that
// puts e's To before its From, directly or through a chain of orders.
func against(orders []lockgraph.DeclaredOrder, e lockgraph.OrderEdge) (lockgraph.DeclaredOrder, bool) {
	if !lockgraph.Before(orders, e.To, e.From) {
		return lockgraph.DeclaredOrder{}, false
	}
	for _, d := range orders {
		if lockgraph.Before([]lockgraph.DeclaredOrder{d}, e.To, e.From) {
			return d, true
		}
	}
	return orders[0], true // through a chain: name the first
}

// diagnoseDeclared reports edge e, which goes against declared order d.
func diagnoseDeclared(pass *analysis.Pass, e lockgraph.OrderEdge, d lockgraph.DeclaredOrder) analysis.Diagnostic {
	where := "declared at " + d.At
	if d.Pkg != pass.Pkg.Path() {
		where += " in package " + d.Pkg
	}
	diag := analysis.Diagnostic{
		Pos: e.Pos(),
		Message: fmt.Sprintf("%s is acquired while holding %s, against the declared lock order %s (%s): a goroutine that keeps the order and this one deadlock when they meet; "+
			"acquire %s before %s, or release %s first", e.ToName, e.FromName, d, where, e.ToName, e.FromName, e.FromName),
		Related: []analysis.RelatedInformation{{Pos: e.FromPos(), Message: e.FromName + " acquired here"}},
	}
	diag.Related = append(diag.Related, gate.ChainRelated(e.Chain, "acquired through ")...)
	if d.Pos().IsValid() {
		diag.Related = append(diag.Related, analysis.RelatedInformation{Pos: d.Pos(), Message: "//gatevet:order " + d.String()})
	}
	return diag
}
