// Package all lists gatevet's analyzers, for the binary, the
// golangci-lint plugin and the generated documentation alike.
//
// go generate writes each analyzer's page, docs/analyzers/NAME.md, and
// the analyzer table of README.md from the analyzers' docs; a test fails
// while they differ.
package all

//go:generate go run ../../internal/docgen/gendocs -root ../..

import (
	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/passes/acquireerr"
	"github.com/gatevet/gatevet/passes/bypass"
	"github.com/gatevet/gatevet/passes/cancelrelease"
	"github.com/gatevet/gatevet/passes/condctx"
	"github.com/gatevet/gatevet/passes/condloop"
	"github.com/gatevet/gatevet/passes/instancegate"
	"github.com/gatevet/gatevet/passes/lockorder"
	"github.com/gatevet/gatevet/passes/nestedacquire"
	"github.com/gatevet/gatevet/passes/permitleak"
	"github.com/gatevet/gatevet/passes/releasecount"
)

// Analyzers returns gatevet's analyzers, one line each.
func Analyzers() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		nestedacquire.Analyzer,
		bypass.Analyzer,
		instancegate.Analyzer,
		cancelrelease.Analyzer,
		condctx.Analyzer,
		condloop.Analyzer,
		acquireerr.Analyzer,
		releasecount.Analyzer,
		permitleak.Analyzer,
		lockorder.Analyzer,
	}
}
