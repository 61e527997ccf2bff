package directive

import (
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// ProblemOwner is the analyzer that reports malformed directives, so that
// each problem is reported once however many passes run.
const ProblemOwner = "nestedacquire"

// Analyzers are the names an ignore directive may give.
var Analyzers = []string{"nestedacquire", "instancegate", "bypass", "cancelrelease", "condctx", "condloop", "acquireerr", "releasecount", "permitleak", "lockorder"}

// A Reporter reports a pass's diagnostics, dropping those that an
// //gatevet:ignore directive for the pass suppresses.
type Reporter struct {
	pass    *analysis.Pass
	set     *Set
	ignores []*ignore
}

type ignore struct {
	d    *Directive
	file *token.File
	line int
	used bool
}

// NewReporter returns a Reporter for pass, using the directives in set.
func NewReporter(pass *analysis.Pass, set *Set) *Reporter {
	r := &Reporter{pass: pass, set: set}
	for _, d := range set.Ignores {
		if d.Args[0] != pass.Analyzer.Name {
			continue
		}
		f := pass.Fset.File(d.Pos)
		r.ignores = append(r.ignores, &ignore{d: d, file: f, line: f.Line(d.Pos)})
	}
	return r
}

// Report reports d unless an ignore directive with a reason sits on the
// line of d.Pos or on the line above.
func (r *Reporter) Report(d analysis.Diagnostic) {
	f := r.pass.Fset.File(d.Pos)
	if f != nil {
		line := f.Line(d.Pos)
		for _, ig := range r.ignores {
			if ig.file == f && len(ig.d.Args) > 1 && (ig.line == line || ig.line == line-1) {
				ig.used = true
				return
			}
		}
	}
	r.pass.Report(d)
}

// Finish reports the pass's ignore directives that lack a reason or
// suppressed nothing, and, for the ProblemOwner, malformed directives.
func (r *Reporter) Finish() {
	name := r.pass.Analyzer.Name
	for _, ig := range r.ignores {
		switch {
		case len(ig.d.Args) == 1:
			r.pass.Reportf(ig.d.Pos, "//gatevet:ignore %s needs a reason: say why the report is wrong here", name)
		case !ig.used:
			r.pass.Reportf(ig.d.Pos, "//gatevet:ignore %s (%s) suppresses nothing: remove it", name, strings.Join(ig.d.Args[1:], " "))
		}
	}
	if name == ProblemOwner {
		for _, p := range r.set.Problems {
			r.pass.Reportf(p.Pos, "%s", p.Message)
		}
		for _, d := range r.set.Ignores {
			if !slices.Contains(Analyzers, d.Args[0]) {
				r.pass.Reportf(d.Pos, "//gatevet:ignore names no gatevet analyzer %q (want one of %s)", d.Args[0], strings.Join(Analyzers, ", "))
			}
		}
	}
}
