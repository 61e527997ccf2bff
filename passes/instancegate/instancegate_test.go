package instancegate_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/passes/instancegate"
)

func TestInstanceGate(t *testing.T) {
	t.Setenv("GATEVET_DEBUG", "1") // a panic in the model fails the test
	dir, err := filepath.Abs("../../testdata/instancegate")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, instancegate.Analyzer, "./...")
}
