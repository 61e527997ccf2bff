package main

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/passes/all"
)

func TestFactsOnly(t *testing.T) {
	dir := t.TempDir()
	cfg := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	analyzers := withVetSuite(all.Analyzers(), []string{"-V=full"})

	full := factsOnly(analyzers, []string{cfg("root.cfg", `{"VetxOnly": false}`)})
	for i, a := range full {
		if a != analyzers[i] {
			t.Errorf("%s was changed for a run that reports", a.Name)
		}
	}

	dep := factsOnly(analyzers, []string{"-bypass", cfg("dep.cfg", `{"VetxOnly": true}`)})
	if len(dep) != len(analyzers) {
		t.Fatalf("got %d analyzers, want %d: every name and flag must stay", len(dep), len(analyzers))
	}
	idle := 0
	for i, a := range dep {
		orig := analyzers[i]
		if a.Name != orig.Name || a.Doc != orig.Doc {
			t.Errorf("%s: name or doc changed", orig.Name)
		}
		if len(orig.FactTypes) > 0 || orig.ResultType != nil {
			if a != orig {
				t.Errorf("%s produces facts or a result and must run unchanged", orig.Name)
			}
			continue
		}
		idle++
		if res, err := a.Run(nil); res != nil || err != nil {
			t.Errorf("%s: the idle run returned %v, %v", a.Name, res, err)
		}
		for _, req := range a.Requires {
			if !producesFacts(req) {
				t.Errorf("%s still requires %s, which produces no facts", a.Name, req.Name)
			}
		}
	}
	if idle == 0 {
		t.Error("no analyzer was made idle")
	}
	// The gatevet passes need the gate model for its facts.
	for _, a := range dep {
		if a.Name == "bypass" && !requires(a, gate.Analyzer) {
			t.Error("idle bypass no longer requires the gate model: dependencies would carry no facts")
		}
	}
}

func requires(a, want *analysis.Analyzer) bool {
	for _, req := range a.Requires {
		if req == want {
			return true
		}
	}
	return false
}
