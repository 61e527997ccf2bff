package doublerelease_test

import (
	"testing"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/doublerelease"
)

func TestDoubleRelease(t *testing.T) {
	gatetest.RunWithSuggestedFixes(t, doublerelease.Analyzer, "doublerelease")
}
