package concurrency_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/concurrency"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatetest"
)

// ownedProbe reports, at each call of a function named probe, the whole
// set of gates held there whose object the function owns.
var ownedProbe = &analysis.Analyzer{
	Name:     "ownedprobe",
	Doc:      "test probe: report the held gates on owned objects",
	Requires: []*analysis.Analyzer{gate.Analyzer, concurrency.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[gate.Analyzer].(*gate.Result)
		conc := pass.ResultOf[concurrency.Analyzer].(*concurrency.Result)
		pkg := pass.Pkg.Path()
		for _, fi := range res.Funcs {
			fi.Walk(func(instr ssa.Instruction, held gate.Held) {
				call, ok := instr.(*ssa.Call)
				if !ok || call.Call.StaticCallee() == nil || call.Call.StaticCallee().Name() != "probe" {
					return
				}
				var owned []string
				for _, h := range held.All() {
					if why, ok := conc.Owned(fi, instr, h.Gate); ok {
						if !why.Pos.IsValid() || why.What == "" {
							pass.Reportf(call.Pos(), "owned without a reason: %s", h.Gate.Spell(pkg))
						}
						owned = append(owned, h.Gate.Spell(pkg))
					}
				}
				pass.Reportf(call.Pos(), "owned: [%s]", strings.Join(owned, " "))
			})
		}
		return nil, nil
	},
}

// TestOwned checks which locks are on objects a function owns: made
// there and not yet published, across packages through what the callees
// borrow (BorrowFacts).
func TestOwned(t *testing.T) {
	analysistest.Run(t, gatetest.Dir(t, "gatemodel"), ownedProbe, "./owned/...")
}
