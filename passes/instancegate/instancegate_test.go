package instancegate_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/instancegate"
)

func TestInstanceGate(t *testing.T) {
	analysistest.Run(t, gatetest.Dir(t, "instancegate"), instancegate.Analyzer, "./...")
}
