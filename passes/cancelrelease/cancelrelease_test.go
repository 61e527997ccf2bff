package cancelrelease_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/passes/cancelrelease"
)

func TestCancelRelease(t *testing.T) {
	t.Setenv("GATEVET_DEBUG", "1") // a panic in the model fails the test
	dir, err := filepath.Abs("../../testdata/cancelrelease")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, dir, cancelrelease.Analyzer, "./...")
}
