// Package gatetest holds what the passes' analysistest suites share.
package gatetest

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// Dir returns the absolute path of testdata/name at the repository root,
// and makes a panic in the gate model fail the test instead of silencing
// the function it happened in.
func Dir(t *testing.T, name string) string {
	t.Helper()
	t.Setenv("GATEVET_DEBUG", "1")
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// Run runs a over the packages of testdata/name with analysistest.Run,
// then checks that every diagnostic has a position.
func Run(t *testing.T, a *analysis.Analyzer, name string) {
	t.Helper()
	checkPositions(t, a, analysistest.Run(t, Dir(t, name), a, "./..."))
}

// RunWithSuggestedFixes is Run for a suite whose suggested fixes are
// checked against .golden files (analysistest.RunWithSuggestedFixes).
func RunWithSuggestedFixes(t *testing.T, a *analysis.Analyzer, name string) {
	t.Helper()
	checkPositions(t, a, analysistest.RunWithSuggestedFixes(t, Dir(t, name), a, "./..."))
}

// checkPositions fails the test for each diagnostic, and each of its
// related items, without a position: drivers print those as "-" and
// editors cannot show them.
func checkPositions(t *testing.T, a *analysis.Analyzer, results []*analysistest.Result) {
	t.Helper()
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if !d.Pos.IsValid() {
				t.Errorf("%s: diagnostic without a position: %s", a.Name, d.Message)
			}
			for _, rel := range d.Related {
				if !rel.Pos.IsValid() {
					t.Errorf("%s: related item without a position: %q, of the diagnostic %s", a.Name, rel.Message, d.Message)
				}
			}
		}
	}
}
