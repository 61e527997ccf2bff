package bypass_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/bypass"
)

func TestBypass(t *testing.T) {
	analysistest.Run(t, gatetest.Dir(t, "bypass"), bypass.Analyzer, "./...")
}
