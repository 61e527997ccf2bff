package nestedacquire_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/nestedacquire"
)

func TestNestedAcquire(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, gatetest.Dir(t, "nestedacquire"), nestedacquire.Analyzer, "./...")
}
