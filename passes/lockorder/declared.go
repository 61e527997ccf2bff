package lockorder

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/lockgraph"
)

// against returns the declared orders that edge e goes against: those
// that put e's To before its From, one or a chain of them.
func against(orders []lockgraph.DeclaredOrder, e lockgraph.OrderEdge) ([]lockgraph.DeclaredOrder, bool) {
	chain := lockgraph.Chain(orders, e.To, e.From)
	return chain, chain != nil
}

// diagnoseDeclared reports edge e, which goes against the declared
// orders chain (one order, or several that together put e's To first).
func diagnoseDeclared(pass *analysis.Pass, e lockgraph.OrderEdge, chain []lockgraph.DeclaredOrder) analysis.Diagnostic {
	var texts []string
	for _, d := range chain {
		where := "declared at " + d.At
		if d.Pkg != pass.Pkg.Path() {
			where += " in package " + d.Pkg
		}
		texts = append(texts, d.String()+" ("+where+")")
	}
	what := "the declared lock order "
	if len(chain) > 1 {
		what = "the declared lock orders "
	}
	diag := analysis.Diagnostic{
		Pos: e.Pos(),
		Message: fmt.Sprintf("%s is acquired while holding %s, against %s%s: a goroutine that keeps the order and this one deadlock when they meet; "+
			"acquire %s before %s, or release %s first", e.ToName, e.FromName, what, strings.Join(texts, " and "), e.ToName, e.FromName, e.FromName),
		Related: []analysis.RelatedInformation{{Pos: e.FromPos(), Message: e.FromName + " acquired here"}},
	}
	diag.Related = append(diag.Related, gate.ChainRelated(e.Chain, "acquired through ")...)
	for _, d := range chain {
		if d.Pos().IsValid() {
			diag.Related = append(diag.Related, analysis.RelatedInformation{Pos: d.Pos(), Message: "//gatevet:order " + d.String()})
		}
	}
	return diag
}
