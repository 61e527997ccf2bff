// Package gatepass holds the prologue every gatevet pass shares: it reads
// the gate model's result, reports through a directive.Reporter (which
// honours //gatevet:ignore), and finishes the reporter when the pass is
// done, so that ignores that suppressed nothing are reported.
package gatepass

import (
	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
)

// Run returns an analysis.Analyzer's Run function that calls body with
// the package's gate model and a reporter, then finishes the reporter.
// The analyzer must require gate.Analyzer.
func Run(body func(pass *analysis.Pass, res *gate.Result, rep *directive.Reporter)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[gate.Analyzer].(*gate.Result)
		rep := directive.NewReporter(pass, res.Directives)
		body(pass, res, rep)
		rep.Finish()
		return nil, nil
	}
}
