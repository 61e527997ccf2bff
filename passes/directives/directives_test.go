package directives_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/passes/all"
)

// TestDirectives runs the analyzer as passes/all registers it, with the
// names of the other analyzers.
func TestDirectives(t *testing.T) {
	var a *analysis.Analyzer
	for _, x := range all.Analyzers() {
		if x.Name == "directives" {
			a = x
		}
	}
	if a == nil {
		t.Fatal("passes/all does not register directives")
	}
	gatetest.Run(t, a, "directives")
}
