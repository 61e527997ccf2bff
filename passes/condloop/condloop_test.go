package condloop_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/condloop"
)

func TestCondLoop(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, gatetest.Dir(t, "condloop"), condloop.Analyzer, "./...")
}
