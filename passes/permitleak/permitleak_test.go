package permitleak_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/permitleak"
)

func TestPermitLeak(t *testing.T) {
	gatetest.Run(t, permitleak.Analyzer, "permitleak")
}

// TestPairedRelease checks that the release a report names on the other
// paths is one its acquire reaches: the unlock of the same switch case,
// not the case above it.
func TestPairedRelease(t *testing.T) {
	res := analysistest.Run(t, gatetest.Dir(t, "permitleak"), permitleak.Analyzer, "./commands")
	for _, r := range res {
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				if !strings.HasPrefix(rel.Message, "released here on the other paths") {
					continue
				}
				if line := r.Pass.Fset.Position(rel.Pos).Line; line != 35 {
					t.Errorf("the release on the other paths is at line %d, want 35 (the set case's unlock)", line)
				}
				return
			}
		}
	}
	t.Error("no report names a release on the other paths")
}
