package instancegate_test

import (
	"testing"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/instancegate"
)

func TestInstanceGate(t *testing.T) {
	gatetest.Run(t, instancegate.Analyzer, "instancegate")
}
