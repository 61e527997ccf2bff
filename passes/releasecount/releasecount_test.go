package releasecount_test

import (
	"testing"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/releasecount"
)

func TestReleaseCount(t *testing.T) {
	gatetest.RunWithSuggestedFixes(t, releasecount.Analyzer, "releasecount")
}
