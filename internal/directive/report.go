package directive

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// ReportLatent says whether latent findings are reported: gatevet's
// -latent flag, or the golangci-lint plugin's latent setting, set before
// any pass runs.
var ReportLatent = true

// The categories of a gatevet diagnostic: whether the bug is certain on
// the reported path, or latent, needing another goroutine to interleave.
const (
	CategoryCertain = "certain"
	CategoryLatent  = "latent"
)

// A Reporter reports a pass's diagnostics, dropping those that an
// //gatevet:ignore directive for the pass suppresses, those positioned
// in generated files (Generated), whose code nobody edits by hand, and
// those in code nothing runs (SkipDead). Each diagnostic is reported as
// certain or latent.
type Reporter struct {
	pass      *analysis.Pass
	ignores   []*ignore
	generated map[*token.File]bool
	dead      func(token.Pos) bool // code nothing runs; nil: none known
}

// SkipDead makes r drop the diagnostics positioned in code that dead
// says nothing runs (a function the package never calls and no other
// package can): a bug there cannot happen.
func (r *Reporter) SkipDead(dead func(token.Pos) bool) { r.dead = dead }

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
	r := &Reporter{pass: pass, generated: make(map[*token.File]bool)}
	for _, f := range pass.Files {
		if Generated(f) {
			r.generated[pass.Fset.File(f.Pos())] = true
		}
	}
	for _, d := range set.Ignores {
		if d.Args[0] != pass.Analyzer.Name || len(d.Args) == 1 || r.generated[pass.Fset.File(d.Pos)] {
			continue
		}
		f := pass.Fset.File(d.Pos)
		r.ignores = append(r.ignores, &ignore{d: d, file: f, line: f.Line(d.Pos)})
	}
	return r
}

// Certain reports d, a bug that the reported path has by itself (a
// double Lock, a leak on a return), prefixed "certain: ".
func (r *Reporter) Certain(d analysis.Diagnostic) {
	d.Category, d.Message = CategoryCertain, "certain: "+d.Message
	r.report(d, true)
}

// Latent reports d, a bug that needs another goroutine to interleave (a
// lock-order inversion, a recursive read lock, a race), prefixed
// "latent: ", unless latent findings are switched off.
func (r *Reporter) Latent(d analysis.Diagnostic) {
	d.Category, d.Message = CategoryLatent, "latent: "+d.Message
	r.report(d, ReportLatent)
}

// Problem reports a problem with a directive at pos, neither certain nor
// latent, unless it lies in a generated file.
func (r *Reporter) Problem(pos token.Pos, format string, args ...any) {
	if !r.generated[r.pass.Fset.File(pos)] {
		r.pass.Reportf(pos, format, args...)
	}
}

// report reports d when on, unless it lies in a generated file or an
// ignore directive with a reason sits on its line or the line above; an
// ignore counts as used even when d is off, so that switching latent
// findings off does not make their ignores look stale.
func (r *Reporter) report(d analysis.Diagnostic, on bool) {
	f := r.pass.Fset.File(d.Pos)
	if f != nil {
		if r.generated[f] || r.dead != nil && r.dead(d.Pos) {
			return
		}
		if ig := r.ignoreAt(d.Pos); ig != nil {
			ig.used = true
			return
		}
	}
	if on {
		r.pass.Report(d)
	}
}

// Ignores reports whether an ignore directive with a reason sits on
// pos's line or the line above: a pass that would move a finding
// elsewhere (one report for several) leaves it where the user
// suppressed it.
func (r *Reporter) Ignores(pos token.Pos) bool { return r.ignoreAt(pos) != nil }

// Hides reports whether a finding at pos would not be shown: in a
// generated file, in dead code, or under an ignore directive. A pass
// that makes one report of several heads it with one that is shown.
func (r *Reporter) Hides(pos token.Pos) bool {
	f := r.pass.Fset.File(pos)
	return f != nil && (r.generated[f] || r.dead != nil && r.dead(pos) || r.ignoreAt(pos) != nil)
}

// ignoreAt returns the ignore directive on pos's line or the line
// above, or nil.
func (r *Reporter) ignoreAt(pos token.Pos) *ignore {
	f := r.pass.Fset.File(pos)
	if f == nil {
		return nil
	}
	line := f.Line(pos)
	for _, ig := range r.ignores {
		if ig.file == f && (ig.line == line || ig.line == line-1) {
			return ig
		}
	}
	return nil
}

// Finish reports the pass's ignore directives that suppressed nothing.
// Malformed directives are the directives analyzer's to report.
func (r *Reporter) Finish() {
	for _, ig := range r.ignores {
		if !ig.used {
			r.Problem(ig.d.Pos, "//gatevet:ignore %s (%s) suppresses nothing: remove it", r.pass.Analyzer.Name, strings.Join(ig.d.Args[1:], " "))
		}
	}
}

// Generated reports whether f is generated code: it has Go's standard
// "// Code generated … DO NOT EDIT." line, or a comment before its
// package clause says so in another form ("GENERATED BY x_generate.go;
// DO NOT EDIT", "autogenerated file"), as golangci-lint's lax mode
// reads headers. Comments below the package clause are the code's own.
func Generated(f *ast.File) bool {
	if ast.IsGenerated(f) {
		return true
	}
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		text := strings.ToLower(g.Text())
		for _, marker := range []string{"code generated", "do not edit", "autogenerated file"} {
			if strings.Contains(text, marker) {
				return true
			}
		}
	}
	return false
}
