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
//
// The file must be gofmt'ed: the section is read from the comment's
// lines, which gofmt keeps in the form go/doc/comment prints, and not
// parsed again in every process that starts (see extract).
package analyzerdoc

import (
	"errors"
	"fmt"
	"go/doc/comment"
	"slices"
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

// extract cuts the section out of the package doc comment's lines. Every
// pass builds its Analyzer, and so extracts its doc, when its package is
// initialised, in each of the hundreds of processes a go vet run starts:
// parsing the file and its doc comment there took a fifth of a small
// package's run (docs/performance.md, run AD). The doc comment of a
// gofmt'ed file is already in the form go/doc/comment prints (gofmt
// reformats doc comments so), so the section's lines are the printed
// section: a heading is a "# " line between blank lines, and the link
// definitions, which the printer adds after any part of a doc, are the
// comment's last lines. A test holds the result to the printer's.
func extract(content, name string) (string, error) {
	lines, err := docLines(content)
	if err != nil {
		return "", err
	}
	lines, links := cutLinks(lines)
	start, end := -1, len(lines)
	for i, l := range lines {
		title, ok := strings.CutPrefix(l, "# ")
		if !ok || i > 0 && lines[i-1] != "" || i+1 < len(lines) && lines[i+1] != "" {
			continue
		}
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
	section := trimBlank(lines[start:end])
	summary := ""
	if len(section) > 0 && (len(section) == 1 || section[1] == "") {
		if rest, ok := strings.CutPrefix(section[0], name+": "); ok {
			summary = rest
		}
	}
	if strings.TrimSpace(summary) == "" {
		return "", fmt.Errorf("the heading %q is not followed by a one-line paragraph %q", "# "+analyzerHeading+name, name+": summary")
	}
	doc := append([]string{summary}, section[1:]...)
	if len(links) > 0 {
		doc = append(append(doc, ""), links...)
	}
	return strings.TrimSpace(strings.Join(doc, "\n")), nil
}

// docLines returns the lines of the package doc comment in content: the
// line comments just above the package clause, without their "//" and
// the space after it.
func docLines(content string) ([]string, error) {
	all := strings.Split(content, "\n")
	clause := slices.IndexFunc(all, func(l string) bool { return strings.HasPrefix(l, "package ") })
	if clause < 0 {
		return nil, errors.New("no package clause")
	}
	first := clause
	for first > 0 && strings.HasPrefix(all[first-1], "//") {
		first--
	}
	if first == clause {
		return nil, errors.New("no package doc comment")
	}
	lines := make([]string, 0, clause-first)
	for _, l := range all[first:clause] {
		l = strings.TrimPrefix(l, "//")
		lines = append(lines, strings.TrimPrefix(l, " "))
	}
	return lines, nil
}

// cutLinks splits the link definitions ("[Go]: https://go.dev") and the
// blank lines between them off the end of lines.
func cutLinks(lines []string) (text, links []string) {
	lines = trimBlank(lines)
	i := len(lines)
	for i > 0 && (lines[i-1] == "" || isLinkDef(lines[i-1])) {
		i--
	}
	return lines[:i], trimBlank(lines[i:])
}

// isLinkDef reports whether l is a link definition.
func isLinkDef(l string) bool {
	text, url, ok := strings.Cut(l, "]: ")
	return ok && strings.HasPrefix(text, "[") && len(text) > 1 && !strings.ContainsAny(text[1:], "[]") && url != "" && !strings.Contains(url, " ")
}

// trimBlank drops the blank lines at both ends of lines.
func trimBlank(lines []string) []string {
	for len(lines) > 0 && lines[0] == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
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
