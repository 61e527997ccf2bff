package resource_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/internal/resource"
)

// TestTouchFacts checks the writes exported as facts, with the gates held
// around them, and that a second package names them in its own terms:
// through a callee, under the gate the callee holds, and in a func
// literal that another package's function runs under its lock.
func TestTouchFacts(t *testing.T) {
	analysistest.Run(t, gatetest.Dir(t, "gatemodel"), resource.Analyzer, "./touches/...")
}
