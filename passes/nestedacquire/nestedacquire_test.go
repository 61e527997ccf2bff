package nestedacquire_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/passes/nestedacquire"
)

func TestNestedAcquire(t *testing.T) {
	t.Setenv("GATEVET_DEBUG", "1") // a panic in the model fails the test
	dir, err := filepath.Abs("../../testdata/nestedacquire")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.RunWithSuggestedFixes(t, dir, nestedacquire.Analyzer, "./...")
}
