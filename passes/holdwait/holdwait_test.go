package holdwait_test

import (
	"testing"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/holdwait"
)

func TestHoldWait(t *testing.T) {
	gatetest.Run(t, holdwait.Analyzer, "holdwait")
}
