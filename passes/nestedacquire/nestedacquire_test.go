package nestedacquire_test

import (
	"testing"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/nestedacquire"
)

func TestNestedAcquire(t *testing.T) {
	gatetest.RunWithSuggestedFixes(t, nestedacquire.Analyzer, "nestedacquire")
}
