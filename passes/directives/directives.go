// Package directives reports //gatevet: directives that gatevet cannot
// use: malformed ones, annotations whose gate the gate model cannot
// resolve, and //gatevet:ignore directives that name no gatevet analyzer
// or give no reason.
//
// These reports belong to no other pass: each problem is reported once
// however many passes run, and running one pass alone, or disabling
// another, does not drop them. An ignore that suppresses nothing is the
// exception: only the analyzer it names can tell, so that analyzer
// reports it (directive.Reporter.Finish).
//
// The analyzers an ignore may name are the registered ones; passes/all
// gives their names to New, since it imports this package.
package directives

import (
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/gate"
)

// New returns the directives analyzer, for which an ignore directive may
// name one of names.
func New(names []string) *analysis.Analyzer {
	names = slices.Clone(names)
	return &analysis.Analyzer{
		Name:     "directives",
		Doc:      doc,
		URL:      "https://github.com/gatevet/gatevet/blob/main/docs/analyzers/directives.md",
		Requires: []*analysis.Analyzer{gate.Analyzer},
		Run:      func(pass *analysis.Pass) (any, error) { return nil, run(pass, names) },
	}
}

const doc = `report //gatevet: directives that gatevet cannot use

A directive gatevet cannot use does nothing, silently: a guardedby that
guards nothing, a holds contract nobody checks, an ignore that suppresses
nothing.

Reported: an unknown directive (//gatevet:guarded); a wrong number of
arguments; a GATE that names no gate (guardedby: a sibling field or a
package-level gate; holds: a gate reachable from the receiver, a
parameter or a package-level variable); an ignore that names no gatevet
analyzer; an ignore without a reason, which suppresses nothing.

Not reported here: an ignore that has nothing to suppress on its line or
the next. Only the analyzer it names can tell, and that analyzer reports
it.

Fix: correct the directive's name or its GATE; name the analyzer as
gatevet help lists it; say, after its name, why the report is wrong.

Bad:

	type S struct {
		mu sync.Mutex
		n  int //gatevet:guardedby lock // reported: S has no gate lock
	}

	//gatevet:ignore nestedaquire misspelled // reported: no such analyzer
	//gatevet:ignore bypass // reported: no reason

Good:

	n int //gatevet:guardedby mu

	//gatevet:ignore bypass Close runs after every worker has stopped

These reports cannot be suppressed with //gatevet:ignore: fix the
directive instead (under golangci-lint, //nolint:gatevet works).`

func run(pass *analysis.Pass, names []string) error {
	res := pass.ResultOf[gate.Analyzer].(*gate.Result)
	for _, p := range slices.Concat(res.Directives.Problems, res.Problems) {
		pass.Reportf(p.Pos, "%s", p.Message)
	}
	for _, d := range res.Directives.Ignores {
		switch {
		case !slices.Contains(names, d.Args[0]):
			pass.Reportf(d.Pos, "//gatevet:ignore names no gatevet analyzer %q (want one of %s)", d.Args[0], strings.Join(names, ", "))
		case len(d.Args) == 1:
			pass.Reportf(d.Pos, "//gatevet:ignore %s needs a reason: say why the report is wrong here", d.Args[0])
		}
	}
	return nil
}
