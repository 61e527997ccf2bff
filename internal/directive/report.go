package directive

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A Reporter reports a pass's diagnostics, dropping those that an
// //gatevet:ignore directive for the pass suppresses.
type Reporter struct {
	pass    *analysis.Pass
	ignores []*ignore
}

type ignore struct {
	d    *Directive
	file *token.File
	line int
	used bool
}

// NewReporter returns a Reporter for pass, using the ignore directives
// in set that name it. An ignore without a reason suppresses nothing; the
// directives analyzer reports it.
func NewReporter(pass *analysis.Pass, set *Set) *Reporter {
	r := &Reporter{pass: pass}
	for _, d := range set.Ignores {
		if d.Args[0] != pass.Analyzer.Name || len(d.Args) == 1 {
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
			if ig.file == f && (ig.line == line || ig.line == line-1) {
				ig.used = true
				return
			}
		}
	}
	r.pass.Report(d)
}

// Finish reports the pass's ignore directives that suppressed nothing.
// Malformed directives are the directives analyzer's to report.
func (r *Reporter) Finish() {
	for _, ig := range r.ignores {
		if !ig.used {
			r.pass.Reportf(ig.d.Pos, "//gatevet:ignore %s (%s) suppresses nothing: remove it", r.pass.Analyzer.Name, strings.Join(ig.d.Args[1:], " "))
		}
	}
}
