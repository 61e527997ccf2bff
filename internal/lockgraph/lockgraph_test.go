package lockgraph_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/internal/lockgraph"
)

// module is the path of testdata/gatemodel/order, left out of the classes
// the probe prints.
const module = "example.com/gatemodel/order/"

// edgeProbe reports each of the package's own edges at its acquire, with
// the classes of the gates held alongside and the chain inside the
// callee that acquires To, and, at the package clause, every edge it
// imports, as one sorted list.
var edgeProbe = &analysis.Analyzer{
	Name:     "edgeprobe",
	Doc:      "test probe: report lock-order edges",
	Requires: []*analysis.Analyzer{lockgraph.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[lockgraph.Analyzer].(*lockgraph.Result)
		for _, e := range res.Local {
			var hops []string
			for _, h := range e.Chain {
				hops = append(hops, h.What)
			}
			pass.Reportf(e.Pos(), "order: %s also=[%s] via=[%s]", edgeText(e), short(strings.Join(e.Also, " ")), strings.Join(hops, " "))
		}
		if len(res.Imported) > 0 {
			var imported []string
			for _, e := range res.Imported {
				imported = append(imported, fmt.Sprintf("%s in %s also=[%s]", edgeText(e), e.Func, short(strings.Join(e.Also, " "))))
			}
			slices.Sort(imported)
			pass.Reportf(pass.Files[0].Name.Pos(), "imported: [%s]", strings.Join(imported, "; "))
		}
		return nil, nil
	},
}

// edgeText spells an edge "From < To", a gate held in shared mode marked
// (r), and "shared" when both are.
func edgeText(e lockgraph.OrderEdge) string {
	from, to := short(e.From), short(e.To)
	if e.FromShared {
		from += "(r)"
	}
	if e.ToShared {
		to += "(r)"
	}
	s := from + " < " + to
	if e.Shared {
		s += " shared"
	}
	return s
}

func short(class string) string { return strings.ReplaceAll(class, module, "") }

// TestEdges checks a package's edges between package-level and field
// classes, directly and through callees, with what is held alongside
// (./order/local), and that a package that imports another (./order/user)
// meets the edges of its OrderFact, and only those, beside its own.
func TestEdges(t *testing.T) {
	analysistest.Run(t, gatetest.Dir(t, "gatemodel"), edgeProbe, "./order/...")
}
