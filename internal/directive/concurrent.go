package directive

import (
	"go/ast"
	"regexp"
	"strings"
	"sync"
)

// A type's doc comment often says how its values may be used: "A Client
// is safe for concurrent use by multiple goroutines", "Session is
// goroutine-safe", "methods may be called concurrently". Such a sentence
// is read as a Concurrent directive on the type: its exported methods
// run on any goroutine, beside each other, whoever calls them. A
// sentence that denies it ("not safe for concurrent use", "is not
// thread-safe") or speaks of something else before the claim ("the
// Reader it returns is safe …") says nothing about the type.

// concurrentUse matches the ways a sentence says values are safe for use
// by several goroutines at once. Like the package's other expressions,
// it is compiled on first use: most of the processes go vet starts never
// read a sentence that needs it.
var concurrentUse = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)` +
		`\bsafe (?:for|to use|to be used|for use)? ?(?:by multiple goroutines |by several goroutines |from multiple goroutines )?` +
		`(?:concurrent(?:ly)?|simultaneous(?:ly)?|in parallel|by multiple goroutines|by several goroutines|from multiple goroutines)\b|` +
		`\b(?:thread|goroutine|concurrency)[- ]safe\b|` +
		`\b(?:may|can) be (?:used|called|invoked|shared) (?:concurrently|simultaneously|by multiple goroutines|from multiple goroutines|by several goroutines|across goroutines)\b`)
})

// concurrentWords are words one of which every match of concurrentUse
// holds, in lower case.
var concurrentWords = []string{"safe", "concurrent", "simultaneous", "goroutine"}

// denial matches words before a claim in its sentence that deny it or
// move it to another value (compiled on first use).
var denial = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:not|never|nor|no|isn't|aren't|unless|only if|returns?|returned)\b|n't\b`)
})

// concurrent returns the Concurrent directive a type's doc comment
// states, at the line where its sentence's claim is, or nil.
func concurrent(doc *ast.CommentGroup) *Directive {
	if doc == nil {
		return nil
	}
	// The sentence may run over several lines: match the joined text,
	// and find the line of the claim again by offsets.
	var text strings.Builder
	var starts []int
	for _, c := range doc.List {
		if strings.HasPrefix(c.Text, prefix) || strings.HasPrefix(c.Text, "/*") {
			starts = append(starts, -1)
			continue
		}
		starts = append(starts, text.Len())
		text.WriteString(strings.TrimPrefix(c.Text, "//"))
		text.WriteString(" ")
	}
	all := text.String()
	if !mentions(all, concurrentWords) {
		return nil
	}
	for _, at := range concurrentUse().FindAllStringIndex(all, -1) {
		begin := strings.LastIndexAny(all[:at[0]], ".;!?") + 1
		if denial().MatchString(all[begin:at[0]]) {
			continue
		}
		end := len(all)
		if i := strings.IndexAny(all[at[1]:], ".;!?"); i >= 0 {
			end = at[1] + i + 1
		}
		line := 0
		for i, s := range starts {
			if s >= 0 && s <= at[0] {
				line = i
			}
		}
		return &Directive{Kind: Concurrent, Pos: doc.List[line].Pos(), Said: strings.Join(strings.Fields(all[begin:end]), " ")}
	}
	return nil
}
