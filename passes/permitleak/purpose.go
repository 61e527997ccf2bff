package permitleak

import (
	"go/ast"
	"go/token"
	"regexp"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/source"
)

// keepsOnPurpose matches a comment that says a lock stays held: "do not
// unlock", "without releasing", "leave it locked", "keeps the mutex"
// (compiled on first use).
var keepsOnPurpose = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(do not|don't|dont|never|not|without) (unlock|releas)|` +
		`\b(keep|keeps|keeping|leave|leaves|leaving|left|stays?|remains?)\b[\w ,]{0,30}\b(locked|held)\b|` +
		`\b(keep|keeps|keeping) (the |its |our |this )?(lock|mutex|semaphore|permit)`)
})

// callsItABug matches a comment that calls what it describes a mistake:
// one that starts by saying so ("BUG: mu stays locked", "FIXME: left
// locked", "wrong: …"), or that says the release was forgotten or is
// missing. A design note that mentions a bug ("not a bug", "hits a bug
// in the decoder", "see BUGS") or a TODO is still a design note.
var callsItABug = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(bug|fixme|wrong|oops)\b|\bforg[eo]t\w* (to )?(un ?lock|releas)|\bmissing (un ?lock|releas)|\b(mistakenly|accidentally)\b`)
})

// keptOnPurpose reports whether a comment says that the return at pos
// keeps its lock by design: one on the return's line, or one before it
// in a block that encloses it (not inside a statement of that block
// that does not hold the return). Such a return is documented, not
// lost: a stream-ending read that keeps the decoder's lock so that
// nothing reads the dead stream again. A comment that says so and
// calls it a bug in the same breath (BUG: mu stays locked) documents a
// mistake, not a design.
func keptOnPurpose(pass *analysis.Pass, pos token.Pos) bool {
	file, path := source.PathTo(pass, pos)
	if file == nil {
		return false
	}
	line := pass.Fset.Position(pos).Line
	says := func(c *ast.CommentGroup) bool {
		text := strings.ToLower(strings.Join(strings.Fields(c.Text()), " "))
		return keepsOnPurpose().MatchString(text) && !callsItABug().MatchString(text)
	}
	for _, c := range file.Comments {
		if c.Pos() > pos && pass.Fset.Position(c.Pos()).Line == line && says(c) {
			return true
		}
	}
	for _, n := range path {
		var list []ast.Stmt
		switch n := n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		case *ast.CommClause:
			list = n.Body
		default:
			continue
		}
		for _, c := range file.Comments {
			if c.Pos() <= n.Pos() || c.Pos() >= pos || inSibling(list, c.Pos(), pos) {
				continue
			}
			if says(c) {
				return true
			}
		}
	}
	return false
}

// inSibling reports whether pos lies inside a statement of list that
// does not hold ret.
func inSibling(list []ast.Stmt, pos, ret token.Pos) bool {
	for _, s := range list {
		if s.Pos() <= pos && pos < s.End() {
			return !(s.Pos() <= ret && ret < s.End())
		}
	}
	return false
}
