package all_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// goBlock is a fenced Go block of a Markdown file.
var goBlock = regexp.MustCompile("(?s)```go\n(.*?)```")

// TestArchitectureCode checks that every Go block of docs/architecture.md
// is copied from the code as it is: the tour a newcomer follows from a
// pass's run into the model shows real code.
func TestArchitectureCode(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	blocks := goBlock.FindAllSubmatch(doc, -1)
	if len(blocks) == 0 {
		t.Fatal("docs/architecture.md shows no Go code: the tour is gone")
	}
	var sources []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root:
			return filepath.SkipDir
		case !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go"):
			b, err := os.ReadFile(path)
			sources = append(sources, string(b))
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range blocks {
		code := string(b[1])
		found := false
		for _, src := range sources {
			found = found || strings.Contains(src, code)
		}
		if !found {
			t.Errorf("this block of docs/architecture.md is in no Go file (copy it from the code again):\n%s", code)
		}
	}
}
