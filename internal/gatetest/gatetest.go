// Package gatetest holds what the passes' analysistest suites share.
package gatetest

import (
	"path/filepath"
	"testing"
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
