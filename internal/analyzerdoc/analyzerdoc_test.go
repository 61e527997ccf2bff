package analyzerdoc

import (
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
		{"syntax", "// # Analyzer syntax\npack age p\n", "expected 'package'"},
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
