package all_test

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gatevet/gatevet/internal/docgen"
	"github.com/gatevet/gatevet/passes/all"
)

// root is the repository root, seen from this package.
const root = "../.."

// TestGeneratedDocs regenerates the analyzer pages and the README's
// analyzer table in memory and compares them with the files: the
// analyzers' doc.go is the text, the files are its copies.
func TestGeneratedDocs(t *testing.T) {
	files, err := docgen.Files(root, all.Analyzers())
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for path := range files {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		want := files[path]
		got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(path)))
		switch {
		case want == nil && err == nil:
			t.Errorf("%s is a generated page of no analyzer: run go generate ./...", path)
		case want == nil:
			// gone, as it should be
		case err != nil:
			t.Errorf("%v: run go generate ./...", err)
		case !bytes.Equal(got, want):
			t.Errorf("%s differs from the analyzers' docs: run go generate ./... (and edit the doc comment of the pass's doc.go, not the generated text); %s", path, firstDiff(got, want))
		}
	}
}

// firstDiff describes the first line where got and want, which differ,
// differ.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return "first difference at line " + strconv.Itoa(i+1) + ":\n\thave " + strconv.Quote(gl) + "\n\twant " + strconv.Quote(wl)
		}
	}
	panic("firstDiff: no difference")
}
