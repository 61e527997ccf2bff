package lockorder_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/lockorder"
)

func TestLockOrder(t *testing.T) {
	analysistest.Run(t, gatetest.Dir(t, "lockorder"), lockorder.Analyzer, "./...")
}
