// Package analyzerdoc reads an analyzer's documentation out of its
// package doc comment, so that one text serves as the package's doc
// (go doc, pkg.go.dev), as Analyzer.Doc (gatevet help, SARIF rules) and,
// rendered by internal/docgen, as the analyzer's page in docs/analyzers.
//
// The text lives in the pass's doc.go, in Go doc comment syntax, under a
// heading that names the analyzer, as in golang.org/x/tools' own passes:
//
//	// Package halting reports loops that never end.
//	//
//	// How the pass works, for its maintainers.
//	//
//	// # Analyzer halting
//	//
//	// halting: report loops that never end
//	//
//	// The analyzer's documentation, which may have # headings of its own.
//	package halting
//
// and the pass embeds the file:
//
//	//go:embed doc.go
//	var doc string
//
//	var Analyzer = &analysis.Analyzer{
//		Name: "halting",
//		Doc:  analyzerdoc.MustExtract(doc, "halting"),
//		...
//	}
package analyzerdoc

import (
	"errors"
	"fmt"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"strings"
)

// MustExtract returns the documentation of the analyzer name from
// content, the source of a doc.go file: the blocks of its package doc
// comment after the heading "# Analyzer name", up to the next "# Analyzer"
// heading or the end, in doc comment syntax. The first of them must be a
// one-line paragraph "name: summary"; the result starts with the summary
// alone on its first line, as Analyzer.Doc wants. Unlike x/tools, which
// stops at the next heading of any kind, the section keeps its own
// headings (# Example, # Fix, …): they become the sections of the
// analyzer's page.
//
// MustExtract panics when content has no such section, as a pass cannot
// run without its doc.
func MustExtract(content, name string) string {
	doc, err := extract(content, name)
	if err != nil {
		panic(fmt.Sprintf("analyzerdoc: %s: %v", name, err))
	}
	return doc
}

// analyzerHeading is the start of a heading that opens an analyzer's
// section.
const analyzerHeading = "Analyzer "

func extract(content, name string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", err
	}
	if f.Doc == nil {
		return "", errors.New("no package doc comment")
	}
	var p comment.Parser
	d := p.Parse(f.Doc.Text())
	start, end := -1, len(d.Content)
	for i, b := range d.Content {
		h, ok := b.(*comment.Heading)
		if !ok {
			continue
		}
		title := plainText(h.Text)
		if start < 0 && title == analyzerHeading+name {
			start = i + 1
		} else if start >= 0 && strings.HasPrefix(title, analyzerHeading) {
			end = i
			break
		}
	}
	if start < 0 {
		return "", fmt.Errorf("the package doc comment has no heading %q", "# "+analyzerHeading+name)
	}
	section := d.Content[start:end]
	summary := summaryOf(section, name)
	if summary == nil {
		return "", fmt.Errorf("the heading %q is not followed by a one-line paragraph %q", "# "+analyzerHeading+name, name+": summary")
	}
	section = append([]comment.Block{summary}, section[1:]...)
	var pr comment.Printer
	return strings.TrimSpace(string(pr.Comment(&comment.Doc{Content: section, Links: d.Links}))), nil
}

// summaryOf returns the summary that opens section, a one-line paragraph
// "name: summary", without its "name: ", or nil.
func summaryOf(section []comment.Block, name string) *comment.Paragraph {
	if len(section) == 0 {
		return nil
	}
	para, ok := section[0].(*comment.Paragraph)
	if !ok || strings.Contains(plainText(para.Text), "\n") {
		return nil
	}
	first, ok := para.Text[0].(comment.Plain)
	rest, found := strings.CutPrefix(string(first), name+": ")
	if !ok || !found || strings.TrimSpace(plainText(para.Text[1:]))+strings.TrimSpace(rest) == "" {
		return nil
	}
	return &comment.Paragraph{Text: append([]comment.Text{comment.Plain(rest)}, para.Text[1:]...)}
}

// plainText returns the text of x, with links reduced to their text.
func plainText(x []comment.Text) string {
	var b strings.Builder
	for _, t := range x {
		switch t := t.(type) {
		case comment.Plain:
			b.WriteString(string(t))
		case comment.Italic:
			b.WriteString(string(t))
		case *comment.Link:
			b.WriteString(plainText(t.Text))
		case *comment.DocLink:
			b.WriteString(plainText(t.Text))
		}
	}
	return b.String()
}

// Split splits an analyzer's Doc into its summary, the first line, and
// the rest.
func Split(doc string) (summary, body string) {
	summary, body, _ = strings.Cut(doc, "\n")
	return summary, strings.TrimSpace(body)
}
