package all_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/passes/all"
)

// suiteRun is one run of an analyzer over a testdata directory, with
// the flags its own test sets.
type suiteRun struct {
	dir   string
	flags map[string]string
}

// suiteRuns are the runs of the analyzers whose own tests run them other
// than once over testdata/NAME with their default flags (see the passes'
// *_test.go): bypass runs with -bypass.fields over testdata/bypass and
// without it over testdata/bypassdefault.
var suiteRuns = map[string][]suiteRun{
	"bypass": {
		{dir: "bypass", flags: map[string]string{"fields": "true"}},
		{dir: "bypassdefault", flags: map[string]string{"fields": "false"}},
	},
}

// latentCondition is how a latent message names the condition its bug
// needs: "when two goroutines take the two paths at once", "whenever
// another goroutine runs Lookup meanwhile", "if it is on one of them",
// "once a writer queues", "unless ...", "until a slot is free". "while"
// does not count: the messages use it for what holds on the path ("while
// it is already held on this path"), not for a condition. Neither do
// "at once" (no condition), a name such as c.once (the word must not
// follow a dot or a word character; the match is case-sensitive, so
// sync.Once is no condition either), nor a position such as once.go:17;
// "at once" and positions are taken out first (conditionText). No latent
// message says "needs".
var latentCondition = regexp.MustCompile(`(^|[^.\w])(when|whenever|if|once|unless|until)\b`)

// position is a file position quoted in a message, such as once.go:17.
var position = regexp.MustCompile(`[\w.-]+\.go:\d+`)

// conditionText is msg without what latentCondition must not match.
func conditionText(msg string) string {
	return strings.ReplaceAll(position.ReplaceAllString(msg, ""), "at once", "")
}

// TestLatentCondition pins what counts as a latent message's condition.
func TestLatentCondition(t *testing.T) {
	for msg, want := range map[string]bool{
		"it deadlocks when two goroutines take the two paths at once":       true,
		"this write races whenever another goroutine runs Lookup meanwhile": true,
		"if it is on one of them, neither moves again":                      true,
		"once a writer queues, the function blocks":                         true,
		"it waits until a slot is free":                                     true,
		"it runs unless ctx is done":                                        true,
		"s.mu.RLock while s.mu is already held on this path":                false,
		"the second slot deadlocks at once":                                 false,
		"sync.Once r.once is acquired while holding r.mu (once.go:28)":      false,
		"Reset acquires c.once":                                             false,
		"it needs another goroutine":                                        false,
	} {
		if got := latentCondition.MatchString(conditionText(msg)); got != want {
			t.Errorf("%q names a condition: %v, want %v", msg, got, want)
		}
	}
}

// TestMessages holds every diagnostic that gatevet's analyzers report
// over their own testdata to issue 26's rule: certain only when the bug
// happens on that path, latent naming the condition it needs.
//
//   - A finding's message starts with "certain: " or "latent: ", and its
//     category says the same. The only other diagnostics are problems
//     with a //gatevet: directive (directive.Reporter.Problem), which
//     have no category and name the directive.
//   - A latent message names its condition (latentCondition).
//   - A certain finding's case says how the bug happens on that path: the
//     top-level declaration holding the finding has a doc comment, or a
//     comment (not a // want expectation, not a directive) starts on the
//     finding's line or one of the 3 lines above it, or the package
//     comment of the finding's file names the function holding it.
//
// Each analyzer runs once per testdata directory, as its own test runs
// it; the wants are that test's to check, not this one's.
func TestMessages(t *testing.T) {
	t.Setenv("GATEVET_DEBUG", "1") // a panic in the gate model fails the run
	for _, a := range all.Analyzers() {
		runs, ok := suiteRuns[a.Name]
		if !ok {
			runs = []suiteRun{{dir: a.Name}}
		}
		t.Run(a.Name, func(t *testing.T) {
			t.Parallel()
			for _, run := range runs {
				checkMessages(t, a, run)
			}
		})
	}
}

// checkMessages runs a as run says and checks the messages of its
// diagnostics.
func checkMessages(t *testing.T, a *analysis.Analyzer, run suiteRun) {
	dir, err := filepath.Abs(filepath.Join(root, "testdata", run.dir))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("%s has no testdata directory: %v", a.Name, err)
	}
	for name, v := range run.flags {
		f := a.Flags.Lookup(name)
		if f == nil {
			t.Fatalf("%s has no flag -%s", a.Name, name)
		}
		old := f.Value.String()
		if err := f.Value.Set(v); err != nil {
			t.Fatal(err)
		}
		defer f.Value.Set(old)
	}
	var rec recorder
	results := analysistest.Run(&rec, dir, a, "./...")
	if len(rec.failures) > 0 {
		t.Fatalf("%s over testdata/%s did not run: %s", a.Name, run.dir, strings.Join(rec.failures, "; "))
	}
	var certain, latent, problems int
	for _, r := range results {
		for _, d := range r.Diagnostics {
			posn := r.Pass.Fset.Position(d.Pos)
			switch {
			case strings.HasPrefix(d.Message, "certain: ") && d.Category == directive.CategoryCertain:
				certain++
				if !explained(r.Pass.Fset, r.Pass.Files, d.Pos) {
					t.Errorf("%s: %s: a certain finding whose case does not say how the bug happens (give the function a doc comment, or comment the lines above): %s", a.Name, posn, d.Message)
				}
			case strings.HasPrefix(d.Message, "latent: ") && d.Category == directive.CategoryLatent:
				latent++
				if !latentCondition.MatchString(conditionText(d.Message)) {
					t.Errorf("%s: %s: a latent finding that names no condition: %s", a.Name, posn, d.Message)
				}
			case d.Category == "" && strings.Contains(d.Message, "//gatevet:") && !strings.HasPrefix(d.Message, "certain:") && !strings.HasPrefix(d.Message, "latent:"):
				problems++
			default:
				t.Errorf("%s: %s: a diagnostic of category %q that does not start with %q or %q to match: %s", a.Name, posn, d.Category, "certain: ", "latent: ", d.Message)
			}
		}
	}
	t.Logf("testdata/%s: %d certain, %d latent, %d directive problems", run.dir, certain, latent, problems)
}

// recorder is the analysistest.Testing of checkMessages: it keeps the
// failures to load or analyze the packages and drops the want
// mismatches, which the analyzers' own tests report.
type recorder struct{ failures []string }

func (r *recorder) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	for _, p := range []string{"loading ", "Analyze: ", "error analyzing "} {
		if strings.HasPrefix(msg, p) {
			r.failures = append(r.failures, msg)
		}
	}
}

// explained reports whether the case of a certain finding at pos says
// how its bug happens (see TestMessages).
func explained(fset *token.FileSet, files []*ast.File, pos token.Pos) bool {
	var file *ast.File
	for _, f := range files {
		if f.FileStart <= pos && pos < f.FileEnd {
			file = f
		}
	}
	if file == nil {
		return false
	}
	var fn *ast.FuncDecl
	for _, decl := range file.Decls {
		if pos < decl.Pos() || pos >= decl.End() {
			continue
		}
		switch decl := decl.(type) {
		case *ast.FuncDecl:
			if explains(decl.Doc) {
				return true
			}
			fn = decl
		case *ast.GenDecl:
			if explains(decl.Doc) {
				return true
			}
			for _, spec := range decl.Specs {
				if spec.Pos() <= pos && pos < spec.End() && explains(specDoc(spec)) {
					return true
				}
			}
		}
	}
	line := fset.Position(pos).Line
	for _, cg := range file.Comments {
		for _, c := range cg.List {
			if l := fset.Position(c.Pos()).Line; line-3 <= l && l <= line && explanation(c) != "" {
				return true
			}
		}
	}
	if fn != nil && file.Doc != nil {
		return regexp.MustCompile(`\b` + regexp.QuoteMeta(fn.Name.Name) + `\b`).MatchString(file.Doc.Text())
	}
	return false
}

// specDoc is the doc comment of a spec of a parenthesized declaration.
func specDoc(spec ast.Spec) *ast.CommentGroup {
	switch spec := spec.(type) {
	case *ast.ValueSpec:
		return spec.Doc
	case *ast.TypeSpec:
		return spec.Doc
	}
	return nil
}

// explains reports whether a doc comment says anything besides
// directives and want expectations.
func explains(doc *ast.CommentGroup) bool {
	if doc == nil {
		return false
	}
	for _, c := range doc.List {
		if explanation(c) != "" {
			return true
		}
	}
	return false
}

// explanation is the text of c that is neither a // want expectation
// (analysistest reads one from "// want" on, and from a comment that
// starts with want) nor a directive such as //gatevet:holds.
func explanation(c *ast.Comment) string {
	if directiveComment.MatchString(c.Text) {
		return ""
	}
	text := strings.TrimPrefix(c.Text, "//")
	if text == c.Text {
		text = strings.TrimSuffix(strings.TrimPrefix(text, "/*"), "*/")
	}
	if i := strings.Index(text, "// want"); i >= 0 {
		text = text[:i]
	}
	text = strings.TrimSpace(text)
	if strings.HasPrefix(text, "want") {
		return ""
	}
	return text
}

// directiveComment is a directive (//go:generate, //gatevet:holds,
// //lint:ignore): no space after the slashes, then a word and a colon.
var directiveComment = regexp.MustCompile(`^//[a-z0-9]+:[a-z0-9]`)
