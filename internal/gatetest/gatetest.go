// Package gatetest holds what the passes' analysistest suites share.
package gatetest

import (
	"go/ast"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/directive"
)

// Dir returns the absolute path of testdata/name at the repository root,
// and makes a panic in the gate model fail the test instead of silencing
// the function it happened in.
func Dir(t *testing.T, name string) string {
	t.Helper()
	t.Setenv("GATEVET_DEBUG", "1")
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// Run runs a over the packages of testdata/name with analysistest.Run,
// then checks that every diagnostic has a position and claims no more
// than its case shows (checkClaims).
func Run(t *testing.T, a *analysis.Analyzer, name string) {
	t.Helper()
	res := analysistest.Run(t, Dir(t, name), a, "./...")
	checkPositions(t, a, res)
	checkClaims(t, a, res)
}

// RunWithSuggestedFixes is Run for a suite whose suggested fixes are
// checked against .golden files (analysistest.RunWithSuggestedFixes).
func RunWithSuggestedFixes(t *testing.T, a *analysis.Analyzer, name string) {
	t.Helper()
	res := analysistest.RunWithSuggestedFixes(t, Dir(t, name), a, "./...")
	checkPositions(t, a, res)
	checkClaims(t, a, res)
}

// checkPositions fails the test for each diagnostic, and each of its
// related items, without a position: drivers print those as "-" and
// editors cannot show them.
func checkPositions(t *testing.T, a *analysis.Analyzer, results []*analysistest.Result) {
	t.Helper()
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if !d.Pos.IsValid() {
				t.Errorf("%s: diagnostic without a position: %s", a.Name, d.Message)
			}
			if len(d.Related) == 0 && (d.Category == directive.CategoryCertain || d.Category == directive.CategoryLatent) {
				t.Errorf("%s: %s: a finding with no related item, which would show the other half of the story: %s", a.Name, r.Pass.Fset.Position(d.Pos), d.Message)
			}
			for _, rel := range d.Related {
				if !rel.Pos.IsValid() {
					t.Errorf("%s: related item without a position: %q, of the diagnostic %s", a.Name, rel.Message, d.Message)
				}
			}
		}
	}
}

// condition is what a latent finding's message must say: the condition
// under which the bug happens ("when a writer queues", "if two
// goroutines ...", "once ctx is done"); not a name (c.once), and not
// "at once" or "under an if", which name no condition (see
// namesCondition).
var condition = regexp.MustCompile(`(^|[^.\w])(when|whenever|if|once|unless|until)\b`)

// namesCondition reports whether msg says the condition it needs.
func namesCondition(msg string) bool {
	return condition.MatchString(strings.NewReplacer("at once", "", "under an if", "").Replace(msg))
}

// checkClaims holds every certain and latent finding of a suite to what
// it claims. Its message says which it is ("certain: ", "latent: "), as
// its category does; a finding of neither is a problem with a
// //gatevet: directive. A certain finding is a bug on that path, so the
// case that shows it (the declaration it is reported in) has a doc
// comment that says how it happens; a latent finding needs something
// the model did not prove, so its message names the condition.
func checkClaims(t *testing.T, a *analysis.Analyzer, results []*analysistest.Result) {
	t.Helper()
	prefixes := map[string]string{directive.CategoryCertain: "certain: ", directive.CategoryLatent: "latent: "}
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if p, ok := prefixes[d.Category]; ok && !strings.HasPrefix(d.Message, p) || !ok && !strings.Contains(d.Message, "//gatevet:") {
				t.Errorf("%s: %s: a finding of category %q whose message does not say so: %s", a.Name, r.Pass.Fset.Position(d.Pos), d.Category, d.Message)
			}
			switch d.Category {
			case directive.CategoryCertain:
				if decl := enclosing(r.Pass.Files, d.Pos); decl == nil || docOf(decl) == "" {
					t.Errorf("%s: %s: a certain finding in a case whose doc comment does not say how the bug happens: %s", a.Name, r.Pass.Fset.Position(d.Pos), d.Message)
				}
			case directive.CategoryLatent:
				if !namesCondition(d.Message) {
					t.Errorf("%s: %s: a latent finding that names no condition: %s", a.Name, r.Pass.Fset.Position(d.Pos), d.Message)
				}
			}
		}
	}
}

// enclosing returns the top-level declaration of files that holds pos.
func enclosing(files []*ast.File, pos token.Pos) ast.Decl {
	for _, f := range files {
		if pos < f.Pos() || pos >= f.End() {
			continue
		}
		for _, decl := range f.Decls {
			if decl.Pos() <= pos && pos < decl.End() {
				return decl
			}
		}
	}
	return nil
}

// docOf returns a declaration's doc comment, directives left out.
func docOf(decl ast.Decl) string {
	switch decl := decl.(type) {
	case *ast.FuncDecl:
		return decl.Doc.Text()
	case *ast.GenDecl:
		return decl.Doc.Text()
	}
	return ""
}
