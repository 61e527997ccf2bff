package cancelrelease_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/cancelrelease"
)

func TestCancelRelease(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, gatetest.Dir(t, "cancelrelease"), cancelrelease.Analyzer, "./...")
}
