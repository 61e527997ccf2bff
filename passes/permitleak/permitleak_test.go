package permitleak_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/permitleak"
)

func TestPermitLeak(t *testing.T) {
	analysistest.Run(t, gatetest.Dir(t, "permitleak"), permitleak.Analyzer, "./...")
}
