package directive_test

import (
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
	results := analysistest.Run(t, dir, probe, "./shown")
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if want := d.Message[:len(d.Category)]; d.Category != want {
				t.Errorf("%q has category %q", d.Message, d.Category)
			}
		}
	}
	directive.ReportLatent = false
	defer func() { directive.ReportLatent = true }()
	analysistest.Run(t, dir, probe, "./hidden")
}
