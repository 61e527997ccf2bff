package main

import (
	"bytes"
	"encoding/json"
	"io"
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
			vet := func(extra ...string) (fixable, all int) {
				t.Helper()
				args := append([]string{"vet", "-vettool=" + s.gatevet, "-vetsuite=false", "-" + a.Name}, extra...)
				stdout, stderr, code := fix.run(t, "go", append(args, "./...")...)
				if code != 0 {
					t.Fatalf("go %s exited %d\n%s", strings.Join(args, " "), code, stderr)
				}
				return countFixable(t, stdout)
			}
			before, _ := vet("-json")
			if before == 0 {
				t.Fatalf("the testdata of %s holds no diagnostic with a suggested fix", a.Name)
			}
			if _, stderr, code := fix.run(t, "go", "vet", "-vettool="+s.gatevet, "-vetsuite=false", "-"+a.Name, "-fix", "./..."); code != 0 && code != 1 {
				t.Fatalf("go vet -fix exited %d\n%s", code, stderr)
			}
			if _, stderr, code := fix.run(t, "go", "build", "./..."); code != 0 {
				t.Fatalf("the fixed module does not build:\n%s", stderr)
			}
			if after, _ := vet("-json"); after != 0 {
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

// countFixable counts the diagnostics of go vet -json output, and those
// of them with a suggested fix.
func countFixable(t *testing.T, out []byte) (fixable, total int) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var tree map[string]map[string]json.RawMessage
		err := dec.Decode(&tree)
		if err == io.EOF {
			return fixable, total
		}
		if err != nil {
			t.Fatalf("decoding go vet -json output: %v\n%s", err, out)
		}
		for _, byAnalyzer := range tree {
			for name, raw := range byAnalyzer {
				var diags []struct {
					Fixes []json.RawMessage `json:"suggested_fixes"`
				}
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Fatalf("analyzer %s: %s: %v", name, raw, err)
				}
				total += len(diags)
				for _, d := range diags {
					if len(d.Fixes) > 0 {
						fixable++
					}
				}
			}
		}
	}
}
