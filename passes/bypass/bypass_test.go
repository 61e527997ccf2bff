package bypass_test

import (
	"regexp"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/bypass"
)

// TestBypass runs the suite with -bypass.fields, which reports fields
// whose guard is inferred.
func TestBypass(t *testing.T) {
	setFields(t, "true")
	gatetest.Run(t, bypass.Analyzer, "bypass")
}

// TestDefault runs bypass as it is configured by default: a field whose
// guard is inferred is not reported, an annotated field and a
// package-level variable are.
func TestDefault(t *testing.T) {
	setFields(t, "false")
	gatetest.Run(t, bypass.Analyzer, "bypassdefault")
}

func setFields(t *testing.T, v string) {
	t.Helper()
	f := bypass.Analyzer.Flags.Lookup("fields")
	old := f.Value.String()
	if err := f.Value.Set(v); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(old) })
}

// TestAlsoNamesWriter checks the related item of a second field a report
// names: the function that writes it, reached from the entry.
func TestAlsoNamesWriter(t *testing.T) {
	setFields(t, "true")
	res := analysistest.Run(t, gatetest.Dir(t, "bypass"), bypass.Analyzer, "./also")
	want := regexp.MustCompile(`^m\.backlog written with m\.mu held in \(\*Meter\)\.flush, reached from `)
	var got []string
	for _, r := range res {
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				if want.MatchString(rel.Message) {
					return
				}
				got = append(got, rel.Message)
			}
		}
	}
	t.Errorf("no related item matches %s; got %q", want, got)
}
