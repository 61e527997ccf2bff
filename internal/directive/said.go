package directive

import (
	"go/ast"
	"regexp"
	"strings"
)

// A function's doc comment often states the contract //gatevet:holds
// writes down: "Caller must hold m.mu (read or write).", "must be called
// with s.mu held", "c.mu must be held". When it names the gate as an
// expression (a receiver's or parameter's field, a package variable),
// the sentence is the contract: it is read as a Holds directive whose
// Said is the sentence. A sentence that names no gate ("callers must
// hold the lock") is left alone; the gate model drops one whose name it
// cannot resolve, silently, since the words were not written for it.

// heldBy matches the ways a sentence says that callers hold gate X (the
// named group): "caller(s) must hold X", "must be called with X held",
// "X must be held", "requires X (to be) held", "expects X (to be)
// locked", "assumes X is held", "with X held".
var heldBy = regexp.MustCompile(`(?i)` +
	`\bcallers? (?:must|should|needs? to|has to|have to) (?:hold|own|have|lock) (?:the lock )?(?P<x>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)\b|` +
	`\b(?:must|should|needs? to|has to|have to) be (?:called|invoked|run) (?:with|while holding|holding|under) (?P<x>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(?: held| locked| acquired)?\b|` +
	`\b(?P<x>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+) (?:must|should|needs to|has to) be (?:held|locked|acquired)\b|` +
	`\b(?:requires|expects|assumes) (?P<x>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+) (?:to be |is |be )?(?:held|locked|acquired)\b`)

// releasing matches a sentence that says the function lets go of the
// gate its callers hold ("ac.mu must be held by the caller, and this
// function will guarantee it is released"): a release contract, not
// left to words.
var releasing = regexp.MustCompile(`(?i)\b(releas|unlock)`)

// said returns the Holds directives the sentences of doc state, each at
// the comment line that holds its sentence's gate.
func said(doc *ast.CommentGroup) []*Directive {
	if doc == nil {
		return nil
	}
	var out []*Directive
	seen := make(map[string]bool)
	for _, c := range doc.List {
		if strings.HasPrefix(c.Text, prefix) || strings.HasPrefix(c.Text, "/*") {
			continue
		}
		text := strings.TrimPrefix(c.Text, "//")
		for _, at := range heldBy.FindAllStringSubmatchIndex(text, -1) {
			x := gateOf(text, at)
			if x == "" || seen[x] || aboutAnother(text[:at[0]]) || releasing.MatchString(text) {
				continue
			}
			seen[x] = true
			out = append(out, &Directive{Kind: Holds, Pos: c.Pos(), Args: []string{x}, Said: strings.TrimSpace(text)})
		}
	}
	return out
}

// gateOf returns the gate a match of heldBy in text, at, names.
func gateOf(text string, at []int) string {
	for i, name := range heldBy.SubexpNames() {
		if name == "x" && at[2*i] >= 0 {
			return text[at[2*i]:at[2*i+1]]
		}
	}
	return ""
}

// aboutAnother reports whether the sentence before a match makes it a
// relative clause about something else ("calls a helper that expects
// s.mu to be held"), not the function's own contract.
func aboutAnother(before string) bool {
	if i := strings.LastIndexAny(before, ".;:"); i >= 0 {
		before = before[i+1:]
	}
	before = " " + strings.ToLower(before) + " "
	for _, w := range []string{" that ", " which ", " who ", " whose ", " helper", " callee"} {
		if strings.Contains(before, w) {
			return true
		}
	}
	return false
}
