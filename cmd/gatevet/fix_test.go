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
// testdata module, and checks that the module still builds, that no
// fixable diagnostic is left, that each fixed file matches its .golden
// file, the result analysistest expects, and that no file changes without
// one. Whether an analyzer has fixes is what go vet -json says of its
// testdata, not whether .golden files are there: an analyzer with
// fixable diagnostics and no .golden file fails, so that a renamed or
// deleted golden cannot turn its check off, and so does one with .golden
// files and no fixable diagnostic.
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
		t.Run(a.Name, func(t *testing.T) {
			if _, err := os.Stat(filepath.Join(src, "go.mod")); err != nil {
				t.Fatalf("%s has no testdata module: %v", a.Name, err)
			}
			goldens := goldenFiles(t, src)
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
			switch {
			case before == 0 && len(goldens) == 0:
				return // no suggested fixes
			case before == 0:
				t.Fatalf("the testdata of %s holds .golden files but no diagnostic with a suggested fix", a.Name)
			case len(goldens) == 0:
				t.Fatalf("the testdata of %s holds %d diagnostics with a suggested fix but no .go.golden file to check them against", a.Name, before)
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
			golden := make(map[string]bool)
			for _, g := range goldens {
				rel, _ := filepath.Rel(src, g)
				golden[strings.TrimSuffix(rel, ".golden")] = true
				want, err := os.ReadFile(g)
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
			for _, rel := range changedFiles(t, src, dir) {
				if !golden[rel] {
					t.Errorf("go vet -fix changed %s, which has no %s.golden", rel, rel)
				}
			}
		})
	}
}

// changedFiles returns the .go files under fixed, relative to it, that
// differ from their original under src or are not there.
func changedFiles(t *testing.T, src, fixed string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(fixed, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		rel, err := filepath.Rel(fixed, path)
		if err != nil {
			return err
		}
		got, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if orig, err := os.ReadFile(filepath.Join(src, rel)); err != nil || !bytes.Equal(got, orig) {
			out = append(out, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
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
