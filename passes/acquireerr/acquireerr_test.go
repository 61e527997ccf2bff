package acquireerr_test

import (
	"testing"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/acquireerr"
)

func TestAcquireErr(t *testing.T) {
	gatetest.RunWithSuggestedFixes(t, acquireerr.Analyzer, "acquireerr")
}
