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

// probe returns a test analyzer that calls visit for each function the
// gate model analysed.
func probe(name, doc string, visit func(pass *analysis.Pass, fi *gate.FuncInfo)) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     name,
		Doc:      doc,
		Requires: []*analysis.Analyzer{gate.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, fi := range pass.ResultOf[gate.Analyzer].(*gate.Result).Funcs {
				visit(pass, fi)
			}
			return nil, nil
		},
	}
}

// eventProbe reports every acquire point with its kind, mode, blocking
// and gate key.
var eventProbe = probe("eventprobe", "test probe: report acquire events", func(pass *analysis.Pass, fi *gate.FuncInfo) {
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
})

func TestEvents(t *testing.T) {
	analysistest.Run(t, testdata(t), eventProbe, "./events")
}

// heldProbe reports, at each call of a function named probe, the gates
// the dataflow says are held on every path there, as the whole set in
// brackets ("held: [s.mu s.rw(r)]", "held: []"), so that an anchored want
// fails on a gate too many as well as on one too few.
var heldProbe = probe("heldprobe", "test probe: report must-held gates at probe() calls", func(pass *analysis.Pass, fi *gate.FuncInfo) {
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
		pass.Reportf(call.Pos(), "held: [%s]", strings.Join(names, " "))
	})
})

func TestHeld(t *testing.T) {
	analysistest.Run(t, testdata(t), heldProbe, "./held")
}

// confirmProbe reports each acquire's condition (Event.When) and, for a
// conditional one, the branch of the If that settles it (Confirms).
var confirmProbe = probe("confirmprobe", "test probe: report conditional acquires and their confirming branch", func(pass *analysis.Pass, fi *gate.FuncInfo) {
	branch := make(map[ssa.Instruction]string)
	for _, b := range fi.Fn.Blocks {
		for _, c := range fi.Confirms(b) {
			branch[c.Instr] = [...]string{"then", "else"}[c.Succ]
		}
	}
	for _, e := range fi.Events() {
		if e.Op != known.Acquire {
			continue
		}
		if e.When == known.Always {
			pass.Reportf(e.Pos, "%s always", e.What)
			continue
		}
		on, ok := branch[e.Instr]
		if !ok {
			on = "nowhere"
		}
		when := map[known.When]string{known.IfTrue: "true", known.IfNil: "nil", known.IfIndex: "index"}[e.When]
		pass.Reportf(e.Pos, "%s when=%s holds on %s", e.What, when, on)
	}
})

func TestConfirms(t *testing.T) {
	analysistest.Run(t, testdata(t), confirmProbe, "./confirms")
}

// TestDerivingRecovers checks that a sub-model's derivation that panics
// leaves its function without a summary instead of crashing the run.
func TestDerivingRecovers(t *testing.T) {
	dir := testdata(t)
	t.Setenv("GATEVET_DEBUG", "")
	probe := &analysis.Analyzer{
		Name:     "derivingprobe",
		Doc:      "test probe: a derivation that panics",
		Requires: []*analysis.Analyzer{gate.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			res := pass.ResultOf[gate.Analyzer].(*gate.Result)
			derive := gate.Deriving(res, func(*gate.FuncInfo) int { panic("a sub-model's bug") })
			for _, fi := range res.Funcs {
				if n, ok := derive(fi.Fn); ok || n != 0 {
					pass.Reportf(fi.Fn.Pos(), "derived %d despite the panic", n)
				}
			}
			return nil, nil
		},
	}
	analysistest.Run(t, dir, probe, "./owned/lib")
}

// TestGeneratedSkipped checks that in a package mixing written and
// generated files, only the written files' functions are analysed.
func TestGeneratedSkipped(t *testing.T) {
	analysistest.Run(t, testdata(t), eventProbe, "./generated")
}
