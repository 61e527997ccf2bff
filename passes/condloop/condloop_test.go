package condloop_test

import (
	"testing"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/condloop"
)

func TestCondLoop(t *testing.T) {
	gatetest.RunWithSuggestedFixes(t, condloop.Analyzer, "condloop")
}
