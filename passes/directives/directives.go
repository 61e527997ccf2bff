package directives

import (
	_ "embed"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/analyzerdoc"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/lockgraph"
	"github.com/gatevet/gatevet/internal/resource"
)

//go:embed doc.go
var doc string

// New returns the directives analyzer, for which an ignore directive may
// name one of names.
func New(names []string) *analysis.Analyzer {
	names = slices.Clone(names)
	return &analysis.Analyzer{
		Name:     "directives",
		Doc:      analyzerdoc.MustExtract(doc, "directives"),
		URL:      "https://github.com/gatevet/gatevet/blob/main/docs/analyzers/directives.md",
		Requires: []*analysis.Analyzer{gate.Analyzer, resource.Analyzer, lockgraph.Analyzer},
		Run:      func(pass *analysis.Pass) (any, error) { return nil, run(pass, names) },
	}
}

func run(pass *analysis.Pass, names []string) error {
	res := pass.ResultOf[gate.Analyzer].(*gate.Result)
	rs := pass.ResultOf[resource.Analyzer].(*resource.Result)
	orders := pass.ResultOf[lockgraph.Analyzer].(*lockgraph.Result)
	rep := directive.NewReporter(pass, res.Directives)
	for _, p := range slices.Concat(res.Directives.Problems, res.Problems, rs.Problems, orders.Problems) {
		rep.Problem(p.Pos, "%s", p.Message)
	}
	for _, d := range res.Directives.Ignores {
		switch {
		case !slices.Contains(names, d.Args[0]):
			rep.Problem(d.Pos, "//gatevet:ignore names no gatevet analyzer %q (want one of %s)", d.Args[0], strings.Join(names, ", "))
		case len(d.Args) == 1:
			rep.Problem(d.Pos, "//gatevet:ignore %s needs a reason: say why the report is wrong here", d.Args[0])
		}
	}
	return nil
}
