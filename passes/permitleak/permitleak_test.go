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
// paths is one its acquire reaches before it takes the lock again: the
// unlock of the same switch case, not the case above it, also when a
// loop leads back to that case.
func TestPairedRelease(t *testing.T) {
	want := map[int]int{31: 35, 48: 50, 60: 64, 82: 85, 99: 102, 111: 113, 122: 126} // report line -> release line
	res := analysistest.Run(t, gatetest.Dir(t, "permitleak"), permitleak.Analyzer, "./commands")
	seen := 0
	for _, r := range res {
		for _, d := range r.Diagnostics {
			line := r.Pass.Fset.Position(d.Pos).Line
			for _, rel := range d.Related {
				if !strings.HasPrefix(rel.Message, "released here on the other paths") {
					continue
				}
				seen++
				if got := r.Pass.Fset.Position(rel.Pos).Line; got != want[line] {
					t.Errorf("the report at line %d names the release at line %d, want %d", line, got, want[line])
				}
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d reports name a release on the other paths, want %d", seen, len(want))
	}
}
