package analyzerdoc

import (
	"go/doc/comment"
	"strings"
)

// Parts is an analyzer's documentation cut the way staticcheck's
// documentation type (honnef.co/go/tools/analysis/lint) holds a check's:
// a title, a text, and the code before and after the fix.
type Parts struct {
	Title, Text, Before, After string
}

// Cut cuts an analyzer's Doc into Parts. The title is its summary; Before
// is the first code block under its "Example" heading and After the first
// under "Fix", taken out of the text, which is the rest as plain text
// (headings, wrapped paragraphs, lists and the remaining code).
func Cut(doc string) Parts {
	summary, body := Split(doc)
	var p comment.Parser
	d := p.Parse(body)
	parts := Parts{Title: summary}
	var keep []comment.Block
	heading := ""
	for _, b := range d.Content {
		switch b := b.(type) {
		case *comment.Heading:
			heading = plainText(b.Text)
		case *comment.Code:
			if heading == "Example" && parts.Before == "" {
				parts.Before = b.Text
				continue
			}
			if heading == "Fix" && parts.After == "" {
				parts.After = b.Text
				continue
			}
		}
		keep = append(keep, b)
	}
	d.Content = keep
	var pr comment.Printer
	parts.Text = strings.TrimSpace(string(pr.Text(d)))
	return parts
}
