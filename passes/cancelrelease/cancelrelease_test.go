package cancelrelease_test

import (
	"testing"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/cancelrelease"
)

func TestCancelRelease(t *testing.T) {
	gatetest.RunWithSuggestedFixes(t, cancelrelease.Analyzer, "cancelrelease")
}
