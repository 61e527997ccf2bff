package condwait_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/gatevet/gatevet/internal/condwait"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/internal/naming"
)

// waitProbe reports, for every function the gate model analysed, what the
// Cond model computes: each Wait loop ("wait: loop", then "ctx" when the
// loop uses a context and "wayout" when it has a way out), each bare
// Wait, each cancellation watcher where it is registered, each call of a
// function that may block in a Wait, and, at a function that may block
// itself, the chain down to the Wait.
var waitProbe = &analysis.Analyzer{
	Name:     "waitprobe",
	Doc:      "test probe: report Cond waits, watchers and blocking functions",
	Requires: []*analysis.Analyzer{gate.Analyzer, condwait.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		gates := pass.ResultOf[gate.Analyzer].(*gate.Result)
		res := pass.ResultOf[condwait.Analyzer].(*condwait.Result)
		for _, fi := range gates.Funcs {
			for _, w := range res.Waits(fi.Fn) {
				msg := "wait: loop"
				if w.ObservesContext {
					msg += " ctx"
				}
				if w.WayOut {
					msg += " wayout"
				}
				pass.Reportf(w.Call.Pos(), "%s", msg)
			}
			for _, b := range condwait.BareWaits(fi) {
				pass.Reportf(b.Call.Pos(), "bare wait")
			}
			for _, w := range condwait.Watchers(fi) {
				pass.Reportf(w.At, "watcher: %s", w.Fn.Name())
			}
			for _, c := range res.StallingCalls(fi) {
				pass.Reportf(c.Call.Pos(), "blocking call: %s", naming.CalleeName(c.Callee, pass.Pkg.Path()))
			}
			for _, b := range res.StallsOf(fi.Fn) {
				var hops []string
				for _, h := range b.Chain {
					hops = append(hops, h.What)
				}
				pass.Reportf(fi.Fn.Pos(), "blocks: [%s]", strings.Join(hops, " "))
			}
		}
		return nil, nil
	},
}

// TestWaits checks Wait loops with and without a context or a way out,
// bare Waits, watchers and blocking functions (./cond/waits), and that
// another package meets the blocking functions of a package it imports
// through their StallFacts (./cond/lib, ./cond/user).
func TestWaits(t *testing.T) {
	analysistest.Run(t, gatetest.Dir(t, "gatemodel"), waitProbe, "./cond/...")
}
