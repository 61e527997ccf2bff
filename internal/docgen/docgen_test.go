package docgen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestFiles(t *testing.T) {
	root := t.TempDir()
	write := func(path, text string) {
		t.Helper()
		name := filepath.Join(root, filepath.FromSlash(path))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(Readme, "# tool\n\n"+TableBegin+"\nold table\n"+TableEnd+"\n\nmore\n")
	write(PagesDir+"/gone.md", pageHeader+"# gone\n")
	write(PagesDir+"/notes.md", "# written by hand\n")
	a := &analysis.Analyzer{Name: "pipes", Doc: "report a | b, *x and [sync.Mutex]\n\nBody.\n\n# Example\n\n\tx := a | b"}

	files, err := Files(root, []*analysis.Analyzer{a})
	if err != nil {
		t.Fatal(err)
	}
	wantReadme := "# tool\n\n" + TableBegin + "\n| analyzer | summary |\n| --- | --- |\n" +
		`| [pipes](docs/analyzers/pipes.md) | report a \| b, \*x and [sync.Mutex](https://pkg.go.dev/sync#Mutex) |` + "\n" +
		TableEnd + "\n\nmore\n"
	if got := string(files[Readme]); got != wantReadme {
		t.Errorf("README:\n%s\nwant:\n%s", got, wantReadme)
	}
	wantPage := pageHeader + "\n# pipes\n\nreport a | b, \\*x and [sync.Mutex](https://pkg.go.dev/sync#Mutex)\n\nBody.\n\n## Example\n\n\tx := a | b\n"
	if got := string(files[PagesDir+"/pipes.md"]); got != wantPage {
		t.Errorf("page:\n%s\nwant:\n%s", got, wantPage)
	}
	if data, ok := files[PagesDir+"/gone.md"]; !ok || data != nil {
		t.Errorf("the generated page of no analyzer is not marked for removal")
	}
	if _, ok := files[PagesDir+"/notes.md"]; ok {
		t.Errorf("a page written by hand is touched")
	}

	write(Readme, "# tool without markers\n")
	if _, err := Files(root, []*analysis.Analyzer{a}); err == nil || !strings.Contains(err.Error(), TableBegin) {
		t.Errorf("README without markers: error %v, want one naming the markers", err)
	}
}
