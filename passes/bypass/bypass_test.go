package bypass_test

import (
	"testing"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/bypass"
)

func TestBypass(t *testing.T) {
	gatetest.Run(t, bypass.Analyzer, "bypass")
}
