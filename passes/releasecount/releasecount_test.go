package releasecount_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/releasecount"
)

func TestReleaseCount(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, gatetest.Dir(t, "releasecount"), releasecount.Analyzer, "./...")
}
