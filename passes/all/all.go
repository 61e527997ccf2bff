// Package all lists gatevet's analyzers, for the binary, the
// golangci-lint plugin and the generated documentation alike.
//
// go generate writes each analyzer's page, docs/analyzers/NAME.md, and
// the analyzer table of README.md from the analyzers' docs; a test fails
// while they differ.
package all

//go:generate go run ../../internal/docgen/gendocs -root ../..

import (
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/passes/acquireerr"
	"github.com/gatevet/gatevet/passes/bypass"
	"github.com/gatevet/gatevet/passes/cancelrelease"
	"github.com/gatevet/gatevet/passes/condctx"
	"github.com/gatevet/gatevet/passes/condloop"
	"github.com/gatevet/gatevet/passes/contracts"
	"github.com/gatevet/gatevet/passes/directives"
	"github.com/gatevet/gatevet/passes/doublerelease"
	"github.com/gatevet/gatevet/passes/holdwait"
	"github.com/gatevet/gatevet/passes/instancegate"
	"github.com/gatevet/gatevet/passes/lockorder"
	"github.com/gatevet/gatevet/passes/nestedacquire"
	"github.com/gatevet/gatevet/passes/permitleak"
	"github.com/gatevet/gatevet/passes/releasecount"
)

// passes are the analyzers that a //gatevet:ignore directive may name,
// one line each.
var passes = []*analysis.Analyzer{
	nestedacquire.Analyzer,
	bypass.Analyzer,
	instancegate.Analyzer,
	cancelrelease.Analyzer,
	condctx.Analyzer,
	condloop.Analyzer,
	acquireerr.Analyzer,
	releasecount.Analyzer,
	permitleak.Analyzer,
	doublerelease.Analyzer,
	lockorder.Analyzer,
	holdwait.Analyzer,
	contracts.Analyzer,
}

// checkDirectives reports malformed directives, and ignores that name
// none of the passes.
var checkDirectives = directives.New(names(passes))

// Analyzers returns gatevet's analyzers: the passes, then directives.
func Analyzers() []*analysis.Analyzer {
	return append(slices.Clip(passes), checkDirectives)
}

func names(as []*analysis.Analyzer) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.Name
	}
	return out
}
