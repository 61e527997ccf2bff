package directive_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gatetest"
)

// probe reports "probe" at every call of a function named certain or
// latent, as a certain or a latent finding.
var probe = &analysis.Analyzer{
	Name: "probe",
	Doc:  "test probe: report calls of certain() and latent()",
	Run: func(pass *analysis.Pass) (any, error) {
		rep := directive.NewReporter(pass, directive.Parse(pass.Files, pass.TypesInfo))
		for _, f := range pass.Files {
			for id, obj := range pass.TypesInfo.Uses {
				if id.Pos() < f.Pos() || id.Pos() >= f.End() {
					continue
				}
				d := analysis.Diagnostic{Pos: id.Pos(), Message: "probe"}
				switch obj.Name() {
				case "certain":
					rep.Certain(d)
				case "latent":
					rep.Latent(d)
				}
			}
		}
		rep.Finish()
		return nil, nil
	},
}

// TestReporter checks the prefixes and categories of certain and latent
// findings, that generated files are never reported on (test files
// included), and that -latent=false drops latent findings while their
// ignores stay in use.
func TestReporter(t *testing.T) {
	dir := gatetest.Dir(t, "reporter")
	checkCategories(t, analysistest.Run(t, dir, probe, "./shown"), 3)
	directive.ReportLatent = false
	defer func() { directive.ReportLatent = true }()
	checkCategories(t, analysistest.Run(t, dir, probe, "./hidden"), 1)
}

// checkCategories checks that results hold n certain or latent findings
// (a finding reported in a package and its test variant counts once),
// each with its category set and its message beginning with the category
// and a colon, as the Reporter makes them ("certain: ...", "latent: ..."),
// and that a problem with a directive has neither category nor prefix.
func checkCategories(t *testing.T, results []*analysistest.Result, n int) {
	t.Helper()
	found := make(map[string]bool)
	for _, r := range results {
		for _, d := range r.Diagnostics {
			switch d.Category {
			case directive.CategoryCertain, directive.CategoryLatent:
				found[r.Pass.Fset.Position(d.Pos).String()+" "+d.Message] = true
				if !strings.HasPrefix(d.Message, d.Category+": ") {
					t.Errorf("%q of category %q does not begin with %q", d.Message, d.Category, d.Category+": ")
				}
			case "":
				if strings.HasPrefix(d.Message, directive.CategoryCertain+":") || strings.HasPrefix(d.Message, directive.CategoryLatent+":") {
					t.Errorf("%q has no category", d.Message)
				}
			default:
				t.Errorf("%q has category %q, neither %q nor %q", d.Message, d.Category, directive.CategoryCertain, directive.CategoryLatent)
			}
		}
	}
	if len(found) != n {
		t.Errorf("%d certain or latent findings, want %d", len(found), n)
	}
}
