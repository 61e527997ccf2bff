package directive

import (
	"go/ast"
	"regexp"
	"slices"
	"sort"
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
		`\b(?:(?:do|does)(?: not|n['’]t) need to|need not|needn['’]t|no need to) (?:hold|take|acquire|lock|grab) ` + gateWords + `|` +
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
			sentence, before, after := sentenceAt(text, at[0], at[1])
			if x == "" || seen[x] || !ownWaiver(sentence, before, after) {
				continue
			}
			seen[x] = true
			out = append(out, &Directive{Kind: Waives, Pos: cg.Pos(), Args: []string{x}, Said: sentence})
		}
	}
	return out
}

// sentenceAt returns the sentence of text that holds text[from:to], and
// its parts before and after that match.
func sentenceAt(text string, from, to int) (sentence, before, after string) {
	start := strings.LastIndex(text[:from], ". ") + 1
	end := len(text)
	if i := strings.Index(text[to:], ". "); i >= 0 {
		end = to + i + 1
	}
	return strings.TrimSpace(text[start:end]), text[start:from], text[to:end]
}

// ownWaiver reports whether a waiving sentence is the function's own
// word for its body: not what its callers need not do ("Callers don't
// need to hold s.mu: Update takes it itself", "need not be held by the
// caller"), not a relative clause about another function ("Unlike
// Stop, which does not need to hold s.mu"), not a lock it says it
// holds already ("no need to take s.mu again"), and not a past or a
// belief it corrects.
func ownWaiver(sentence, before, after string) bool {
	lower := " " + strings.ToLower(sentence) + " "
	for _, w := range []string{"caller", " you "} {
		if strings.Contains(lower, w) {
			return false
		}
	}
	if aboutAnother(before) || strings.HasPrefix(strings.TrimSpace(strings.ToLower(after)), "again") {
		return false
	}
	// Not a past it has left, nor a belief it corrects: "there was no
	// need to hold s.mu before …; now there is", "it is wrong to think
	// we don't need to hold s.mu".
	b := " " + strings.ToLower(before) + " "
	for _, w := range []string{" was ", " were ", " had ", "used to", " before ", "previously", "think", "thought", "wrong"} {
		if strings.Contains(b, w) {
			return false
		}
	}
	return true
}

// bodyComments returns the comment groups of f that lie in decl's body,
// outside the func literals in it (a literal's comment speaks of the
// literal).
func bodyComments(f *ast.File, decl *ast.FuncDecl) []*ast.CommentGroup {
	if decl.Body == nil {
		return nil
	}
	// f.Comments is in source order.
	i := sort.Search(len(f.Comments), func(i int) bool { return f.Comments[i].Pos() > decl.Body.Lbrace })
	var out []*ast.CommentGroup
	for ; i < len(f.Comments) && f.Comments[i].End() < decl.Body.Rbrace; i++ {
		out = append(out, f.Comments[i])
	}
	if len(out) == 0 {
		return nil
	}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok {
			out = slices.DeleteFunc(out, func(cg *ast.CommentGroup) bool { return cg.Pos() > lit.Pos() && cg.End() < lit.End() })
			return false
		}
		return true
	})
	return out
}
