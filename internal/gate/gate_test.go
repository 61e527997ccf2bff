package gate_test

import (
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatetest"
	"github.com/gatevet/gatevet/internal/known"

	// The testdata modules import x/sync and load with GOPROXY=off: this
	// import keeps the module in go.mod, so go test fetches it first.
	_ "golang.org/x/sync/semaphore"
)

// testdata returns the model's test module, and lets panics in the model
// fail the test instead of silencing the function.
func testdata(t *testing.T) string { return gatetest.Dir(t, "gatemodel") }

// TestFacts checks the summaries exported as facts, and that a second
// package builds its own summaries from the first one's facts.
func TestFacts(t *testing.T) {
	analysistest.Run(t, testdata(t), gate.Analyzer, "./facts/...")
}

// eventProbe reports every acquire point with its kind, mode, blocking
// and gate key.
var eventProbe = &analysis.Analyzer{
	Name:     "eventprobe",
	Doc:      "test probe: report acquire events",
	Requires: []*analysis.Analyzer{gate.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[gate.Analyzer].(*gate.Result)
		for _, fi := range res.Funcs {
			for _, ap := range fi.Acquires {
				mode, block := "exclusive", "try"
				if ap.GateOp.Mode == known.Shared {
					mode = "shared"
				}
				if ap.Blocking {
					block = "blocking"
				}
				pass.Reportf(ap.Pos, "acquire %s %s %s %s key=%s",
					ap.GateOp.Gate.Spell(pass.Pkg.Path()), ap.GateOp.Kind, mode, block, ap.GateOp.Gate.Key())
			}
		}
		return nil, nil
	},
}

func TestEvents(t *testing.T) {
	analysistest.Run(t, testdata(t), eventProbe, "./events")
}

// heldProbe reports, at each call of a function named probe, the gates
// the dataflow says are held on every path there.
var heldProbe = &analysis.Analyzer{
	Name:     "heldprobe",
	Doc:      "test probe: report must-held gates at probe() calls",
	Requires: []*analysis.Analyzer{gate.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[gate.Analyzer].(*gate.Result)
		for _, fi := range res.Funcs {
			fi.Walk(func(instr ssa.Instruction, held gate.Held) {
				call, ok := instr.(*ssa.Call)
				if !ok {
					return
				}
				fn, ok := call.Call.Value.(*ssa.Function)
				if !ok || fn.Name() != "probe" {
					return
				}
				var names []string
				for _, h := range held.All() {
					n := h.Gate.Spell(pass.Pkg.Path())
					if h.Mode == known.Shared {
						n += "(r)"
					}
					names = append(names, n)
				}
				sort.Strings(names)
				if len(names) == 0 {
					names = []string{"-"}
				}
				pass.Reportf(call.Pos(), "held: %s", strings.Join(names, " "))
			})
		}
		return nil, nil
	},
}

func TestHeld(t *testing.T) {
	analysistest.Run(t, testdata(t), heldProbe, "./held")
}
