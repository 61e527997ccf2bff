package main

import (
	"encoding/json"
	"os"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// factsOnly trims the work of a go vet call that only wants facts.
//
// go vet runs its tool on every dependency of the packages it checks, the
// standard library included, with VetxOnly set in the .cfg file: the
// diagnostics of those runs are thrown away and only the facts (the .vetx
// file) are kept. unitchecker still runs every analyzer that requires a
// fact-producing one, and all of gatevet's passes require the gate model,
// so each dependency would be analysed in full for nothing. Here an
// analyzer that exports no facts of its own keeps its name and flags (go
// vet passes the same flags to every run) but runs nothing, and requires
// only what produces facts, so the facts come out exactly as in a full
// run.
func factsOnly(analyzers []*analysis.Analyzer, args []string) []*analysis.Analyzer {
	cfgFile := vetConfig(args)
	if cfgFile == "" {
		return analyzers
	}
	data, err := os.ReadFile(cfgFile)
	if err != nil {
		return analyzers // unitchecker reports it
	}
	var cfg struct{ VetxOnly bool }
	if json.Unmarshal(data, &cfg) != nil || !cfg.VetxOnly {
		return analyzers
	}
	out := make([]*analysis.Analyzer, len(analyzers))
	for i, a := range analyzers {
		if len(a.FactTypes) > 0 || a.ResultType != nil {
			out[i] = a
			continue
		}
		idle := *a
		idle.Requires = nil
		for _, req := range a.Requires {
			if producesFacts(req) {
				idle.Requires = append(idle.Requires, req)
			}
		}
		idle.Run = func(*analysis.Pass) (any, error) { return nil, nil }
		out[i] = &idle
	}
	return out
}

// vetConfig returns the .cfg file go vet passes as the last argument of
// a per-package run, or "".
func vetConfig(args []string) string {
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return ""
	}
	return args[len(args)-1]
}

// producesFacts reports whether a or one of its requirements exports facts.
func producesFacts(a *analysis.Analyzer) bool {
	if len(a.FactTypes) > 0 {
		return true
	}
	for _, req := range a.Requires {
		if producesFacts(req) {
			return true
		}
	}
	return false
}
