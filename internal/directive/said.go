package directive

import (
	"go/ast"
	"regexp"
	"strings"
	"sync"
)

// A function's doc comment often states the contract //gatevet:holds
// writes down: "Caller must hold m.mu (read or write).", "must be called
// with s.mu held", "c.mu must be held". When it names the gate as an
// expression (a receiver's or parameter's field, a package variable),
// the sentence is the contract: it is read as a Holds directive whose
// Said is the sentence. "The lock" or "its mutex" names the receiver's
// one lock (OwnLock), and so does a method's name that ends in Locked
// (flushLocked): the Go convention for "callers hold the lock" (Named).
// The gate model drops a contract whose gate it cannot resolve, or that
// names the receiver's lock when there is not exactly one, or when the
// function takes that lock itself ("caller must hold the mutex" in a
// child's setRouter(parent) means the parent's), silently: the words
// were not written for it. The contracts pass also sets aside a name's
// contract on a method that touches nothing the lock is held for
// elsewhere.

// OwnLock is the gate of a contract that names the receiver's one lock
// without spelling it.
const OwnLock = "(the receiver's lock)"

// gateWords is how a sentence names the gate: an expression (group x),
// or the receiver's lock in words (group own).
const gateWords = `(?:(?P<x>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)|(?P<own>(?:the|its) (?:lock|mutex)))`

// heldBy matches the ways a sentence says that callers hold a gate:
// "caller(s) must hold X", "must be called with X held", "X must be
// held", "requires X (to be) held", "expects X (to be) locked", "assumes
// X is held" (compiled on first use).
var heldBy = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)` +
		`\bcallers? (?:must|should|needs? to|has to|have to) (?:hold|own|have|lock) ` + gateWords + `\b|` +
		`\b(?:must|should|needs? to|has to|have to) be (?:called|invoked|run) (?:with|while holding|holding|under) ` + gateWords + `(?: held| locked| acquired)?\b|` +
		`\b` + gateWords + ` (?:must|should|needs to|has to) be (?:held|locked|acquired)\b|` +
		`\b(?:requires|expects|assumes) ` + gateWords + ` (?:to be |is |be )?(?:held|locked|acquired)\b`)
})

// heldWords are words one of which every match of heldBy holds, in
// lower case: a line without any is not matched (the expression is slow,
// and most doc comments say nothing of locks).
var heldWords = []string{"caller", "be called", "be invoked", "be run", "held", "locked", "acquired"}

// releasing matches a sentence that says the function lets go of the
// gate its callers hold ("ac.mu must be held by the caller, and this
// function will guarantee it is released"): a release contract, not
// left to words (compiled on first use).
var releasing = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(releas|unlock)`)
})

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
		if !mentions(text, heldWords) {
			continue
		}
		for _, at := range heldBy().FindAllStringSubmatchIndex(text, -1) {
			x := gateOf(heldBy(), text, at)
			if x == "" || seen[x] || aboutAnother(text[:at[0]]) || releasing().MatchString(text) {
				continue
			}
			seen[x] = true
			out = append(out, &Directive{Kind: Holds, Pos: c.Pos(), Args: []string{x}, Said: strings.TrimSpace(text)})
		}
	}
	return out
}

// gateOf returns the gate a match of re (heldBy or waiving) in text,
// at, names.
func gateOf(re *regexp.Regexp, text string, at []int) string {
	for i, name := range re.SubexpNames() {
		switch {
		case at[2*i] < 0:
		case name == "x":
			return text[at[2*i]:at[2*i+1]]
		case name == "own":
			return OwnLock
		}
	}
	return ""
}

// named returns the Holds directive a method's name states: one that
// ends in Locked (flushLocked, not isLocked or Unlocked) has callers
// that hold the receiver's lock.
func named(decl *ast.FuncDecl) *Directive {
	name := decl.Name.Name
	if decl.Recv == nil || !strings.HasSuffix(name, "Locked") || name == "Locked" {
		return nil
	}
	for _, p := range []string{"is", "Is", "has", "Has", "was", "Was"} {
		if strings.HasPrefix(name, p) {
			return nil
		}
	}
	return &Directive{Kind: Holds, Pos: decl.Name.Pos(), Args: []string{OwnLock}, Said: name, Named: true}
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

// mentions reports whether text holds one of words (in lower case),
// whatever its case: the cheap test before a case-insensitive regular
// expression every match of which holds one of them.
func mentions(text string, words []string) bool {
	lower := strings.ToLower(text)
	for _, w := range words {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}
