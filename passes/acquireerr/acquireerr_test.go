package acquireerr_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/acquireerr"
)

func TestAcquireErr(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, gatetest.Dir(t, "acquireerr"), acquireerr.Analyzer, "./...")
}
