package analyzerdoc

import (
	"go/doc/comment"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const twoAnalyzers = `// Package p has two analyzers.
//
// How they work.
//
// # Analyzer first
//
// first: report the first thing
//
// Why it matters, see [Go].
//
// # Example
//
//	x := 1
//
// # Analyzer second
//
// second: report the second thing
//
// [Go]: https://go.dev
package p
`

func TestExtract(t *testing.T) {
	want := "report the first thing\n\nWhy it matters, see [Go].\n\n# Example\n\n\tx := 1\n\n[Go]: https://go.dev"
	if got := MustExtract(twoAnalyzers, "first"); got != want {
		t.Errorf("first:\ngot  %q\nwant %q", got, want)
	}
	got := MustExtract(twoAnalyzers, "second")
	if summary, body := Split(got); summary != "report the second thing" || body != "[Go]: https://go.dev" {
		t.Errorf("second: summary %q, body %q", summary, body)
	}
}

func TestExtractErrors(t *testing.T) {
	for _, tc := range []struct{ name, content, want string }{
		{"none", "package p\n", "no package doc comment"},
		{"none", twoAnalyzers, `no heading "# Analyzer none"`},
		{"multi", "// # Analyzer multi\n//\n// multi: report\n// on two lines\npackage p\n", "one-line paragraph"},
		{"bare", "// # Analyzer bare\n//\n// report without the name\npackage p\n", "one-line paragraph"},
		{"empty", "// # Analyzer empty\npackage p\n", "one-line paragraph"},
		{"syntax", "// # Analyzer syntax\npack age p\n", "no package clause"},
		{"apart", "// # Analyzer apart\n//\n// apart: report\n\npackage p\n", "no package doc comment"},
	} {
		_, err := extract(tc.content, tc.name)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("extract(%s): error %v, want one that says %q", tc.name, err, tc.want)
		}
	}
	defer func() {
		if r := recover(); r == nil {
			t.Error("MustExtract did not panic without a section")
		}
	}()
	MustExtract("package p\n", "p")
}

func TestExtractSummaryLink(t *testing.T) {
	const content = "// # Analyzer linked\n//\n// linked: report misuse of [sync.Cond]\npackage p\n"
	if got, want := MustExtract(content, "linked"), "report misuse of [sync.Cond]"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := extract("// # Analyzer blank\n//\n// blank: \npackage p\n", "blank"); err == nil {
		t.Errorf("an empty summary is accepted")
	}
}

func TestCut(t *testing.T) {
	doc := "report loops that never end\n\nLoops that never end.\n\n# Example\n\n\tfor {\n\t}\n\nThe report points at the loop.\n\n# Fix\n\n\tfor !done {\n\t}\n\nor\n\n\treturn\n"
	got := Cut(doc)
	want := Parts{
		Title:  "report loops that never end",
		Text:   "Loops that never end.\n\n# Example\n\nThe report points at the loop.\n\n# Fix\n\nor\n\n\treturn",
		Before: "for {\n}\n",
		After:  "for !done {\n}\n",
	}
	if got != want {
		t.Errorf("Cut:\ngot  %#v\nwant %#v", got, want)
	}
}

// TestExtractPrinted holds MustExtract, which reads lines, to what
// go/doc/comment prints for the same section of the parsed doc comment,
// over every pass's doc.go and the package's own examples: the lines of
// a gofmt'ed doc comment are its printed form.
func TestExtractPrinted(t *testing.T) {
	files, err := filepath.Glob("../../passes/*/doc.go")
	if err != nil || len(files) < 10 {
		t.Fatalf("the passes' doc.go files: %v, %d found", err, len(files))
	}
	sources := map[string]string{"twoAnalyzers": twoAnalyzers}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sources[f] = string(b)
	}
	for file, src := range sources {
		f, err := parser.ParseFile(token.NewFileSet(), file, src, parser.ParseComments|parser.PackageClauseOnly)
		if err != nil {
			t.Fatal(err)
		}
		var p comment.Parser
		d := p.Parse(f.Doc.Text())
		var starts []int
		for i, b := range d.Content {
			if h, ok := b.(*comment.Heading); ok && strings.HasPrefix(plainText(h.Text), analyzerHeading) {
				starts = append(starts, i)
			}
		}
		if len(starts) == 0 {
			t.Errorf("%s: no analyzer heading", file)
		}
		for k, i := range starts {
			end := len(d.Content)
			if k+1 < len(starts) {
				end = starts[k+1]
			}
			name := strings.TrimPrefix(plainText(d.Content[i].(*comment.Heading).Text), analyzerHeading)
			section := slices.Clone(d.Content[i+1 : end])
			para := *section[0].(*comment.Paragraph)
			first, _ := strings.CutPrefix(string(para.Text[0].(comment.Plain)), name+": ")
			para.Text = append([]comment.Text{comment.Plain(first)}, para.Text[1:]...)
			section[0] = &para
			var pr comment.Printer
			want := strings.TrimSpace(string(pr.Comment(&comment.Doc{Content: section, Links: d.Links})))
			if got := MustExtract(src, name); got != want {
				t.Errorf("%s: analyzer %s:\ngot  %q\nwant %q", file, name, got, want)
			}
		}
	}
}
