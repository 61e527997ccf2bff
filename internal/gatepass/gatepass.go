// Package gatepass holds what every gatevet pass shares: its analyzer's
// declaration (name, documentation from doc.go, page URL, the gate model
// and sub-models it requires) and its prologue, which reads the gate
// model's result, reports through a directive.Reporter (which honours
// //gatevet:ignore), and finishes the reporter when the pass is done, so
// that ignores that suppressed nothing are reported.
package gatepass

import (
	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/analyzerdoc"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
)

// Body is what a pass does with the package's gate model.
type Body func(pass *analysis.Pass, res *gate.Result, rep *directive.Reporter)

// New declares pass name: its documentation is the "# Analyzer name"
// section of doc (the source of its doc.go), it requires the gate model
// and the sub-models given, and it runs body through Run.
func New(name, doc string, body Body, models ...*analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     name,
		Doc:      analyzerdoc.MustExtract(doc, name),
		URL:      "https://github.com/gatevet/gatevet/blob/main/docs/analyzers/" + name + ".md",
		Requires: append([]*analysis.Analyzer{gate.Analyzer}, models...),
		Run:      Run(body),
	}
}

// Run returns an analysis.Analyzer's Run function that calls body with
// the package's gate model and a reporter, then finishes the reporter.
// The analyzer must require gate.Analyzer.
func Run(body Body) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[gate.Analyzer].(*gate.Result)
		rep := directive.NewReporter(pass, res.Directives)
		rep.SkipDead(res.Dead)
		body(pass, res, rep)
		rep.Finish()
		return nil, nil
	}
}
