package permitleak_test

import (
	"testing"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/permitleak"
)

func TestPermitLeak(t *testing.T) {
	gatetest.Run(t, permitleak.Analyzer, "permitleak")
}
