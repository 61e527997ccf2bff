package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gatevet/gatevet/passes/all"
)

// TestFixes applies, the documented way (go vet -vettool=gatevet -fix),
// the suggested fixes of every analyzer that has them to a copy of its
// testdata module (those with .golden files), and checks that the module
// still builds, that no fixable diagnostic is left, and that each fixed
// file matches its .golden file, the result analysistest expects.
func TestFixes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gatevet and runs go vet; skipped in -short mode")
	}
	s := setupE2E(t)
	for _, a := range all.Analyzers() {
		src, err := filepath.Abs(filepath.Join("..", "..", "testdata", a.Name))
		if err != nil {
			t.Fatal(err)
		}
		goldens := goldenFiles(t, src)
		if len(goldens) == 0 {
			continue
		}
		t.Run(a.Name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
				t.Fatal(err)
			}
			fix := &e2eSetup{gatevet: s.gatevet, dir: dir}
			vet := func(extra ...string) int {
				t.Helper()
				args := append([]string{"vet", "-vettool=" + s.gatevet, "-vetsuite=false", "-" + a.Name}, extra...)
				stdout, stderr, code := fix.run(t, "go", append(args, "./...")...)
				if code != 0 {
					t.Fatalf("go %s exited %d\n%s", strings.Join(args, " "), code, stderr)
				}
				return countFixable(t, stdout)
			}
			before := vet("-json")
			if before == 0 {
				t.Fatalf("the testdata of %s holds no diagnostic with a suggested fix", a.Name)
			}
			if _, stderr, code := fix.run(t, "go", "vet", "-vettool="+s.gatevet, "-vetsuite=false", "-"+a.Name, "-fix", "./..."); code != 0 && code != 1 {
				t.Fatalf("go vet -fix exited %d\n%s", code, stderr)
			}
			if _, stderr, code := fix.run(t, "go", "build", "./..."); code != 0 {
				t.Fatalf("the fixed module does not build:\n%s", stderr)
			}
			if after := vet("-json"); after != 0 {
				t.Errorf("%d of %d fixable diagnostics are left after go vet -fix", after, before)
			}
			for _, golden := range goldens {
				rel, _ := filepath.Rel(src, golden)
				want, err := os.ReadFile(golden)
				if err != nil {
					t.Fatal(err)
				}
				got, err := os.ReadFile(filepath.Join(dir, strings.TrimSuffix(rel, ".golden")))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("%s after go vet -fix differs from %s:\n%s", strings.TrimSuffix(rel, ".golden"), rel, got)
				}
			}
		})
	}
}

// goldenFiles returns the .golden files under dir.
func goldenFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".go.golden") {
			out = append(out, path)
		}
		return err
	})
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return out
}

// countFixable counts the diagnostics of go vet -json output with a
// suggested fix.
func countFixable(t *testing.T, out []byte) int {
	t.Helper()
	n := 0
	for _, f := range parseJSONStream(t, out) {
		if len(f.diag.SuggestedFixes) > 0 {
			n++
		}
	}
	return n
}
