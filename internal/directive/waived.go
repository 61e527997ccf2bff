package directive

import (
	"go/ast"
	"regexp"
	"strings"
	"sync"
)

// A function's author sometimes says in its doc comment, or in a
// comment in its body, that it need not hold a lock its callees
// otherwise want: "This is outside of the scope of concurrent puts, so
// we don't need to hold s.lock.", "s.mu need not be held here: the
// value is not shared yet." The sentence is a contract of the function
// itself, the converse of a Holds: a Waives directive whose Said is the
// sentence and whose one argument is the gate as the sentence spells
// it (or OwnLock for "the lock"). The contracts pass does not hold the
// function's calls to their callees' contracts on that gate.

// waiving matches the ways a sentence says that a gate need not be held:
// "(we) don't need to hold X", "no need to lock X", "need not hold X",
// "X need not be held", "X does not need to be locked" (compiled on first
// use; the apostrophe may be typographic).
var waiving = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)` +
		`\b(?:(?:do|does|did)(?: not|n['’]t) need to|need not|needn['’]t|no need to) (?:hold|take|acquire|lock|grab) ` + gateWords + `|` +
		`\b` + gateWords + ` (?:need not|needn['’]t|(?:do|does)(?: not|n['’]t) need to) be (?:held|locked|taken|acquired)\b`)
})

// waiveWords are words one of which every match of waiving holds, in
// lower case.
var waiveWords = []string{"need"}

// waived returns the Waives directives that the comment groups state,
// each at the group that holds its sentence.
func waived(groups []*ast.CommentGroup) []*Directive {
	var out []*Directive
	seen := make(map[string]bool)
	for _, cg := range groups {
		if cg == nil {
			continue
		}
		text := strings.Join(strings.Fields(cg.Text()), " ")
		if !mentions(text, waiveWords) {
			continue
		}
		for _, at := range waiving().FindAllStringSubmatchIndex(text, -1) {
			x := gateOf(waiving(), text, at)
			if x == "" || seen[x] {
				continue
			}
			seen[x] = true
			out = append(out, &Directive{Kind: Waives, Pos: cg.Pos(), Args: []string{x}, Said: sentenceAt(text, at[0], at[1])})
		}
	}
	return out
}

// sentenceAt returns the sentence of text that holds text[from:to].
func sentenceAt(text string, from, to int) string {
	start := strings.LastIndex(text[:from], ". ") + 1
	end := strings.Index(text[to:], ". ")
	if end < 0 {
		return strings.TrimSpace(text[start:])
	}
	return strings.TrimSpace(text[start : to+end+1])
}

// bodyComments returns the comment groups of f that lie in decl's body.
func bodyComments(f *ast.File, decl *ast.FuncDecl) []*ast.CommentGroup {
	if decl.Body == nil {
		return nil
	}
	var out []*ast.CommentGroup
	for _, cg := range f.Comments {
		if cg.Pos() > decl.Body.Lbrace && cg.End() < decl.Body.Rbrace {
			out = append(out, cg)
		}
	}
	return out
}
