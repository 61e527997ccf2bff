package bypass_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/passes/bypass"
)

func TestBypass(t *testing.T) {
	t.Setenv("GATEVET_DEBUG", "1") // a panic in the model fails the test
	dir, err := filepath.Abs("../../testdata/bypass")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, bypass.Analyzer, "./...")
}
