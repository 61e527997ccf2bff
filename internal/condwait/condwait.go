// Package condwait is gatevet's sync.Cond sub-model: where a function
// waits on a Cond and what each wait can see.
//
// For every function the gate model analysed it finds the Wait loops
// (the innermost loop around each Wait, with whether the loop uses a
// context and whether a test that leaves it depends on something another
// goroutine can change: a flag the package writes, an atomic, the clock,
// or what a function returns from them, known across packages through
// StallFact.WayOut;
// or whether it waits for work already under way, progress.go),
// the bare Waits an if decides once and nothing re-checks, and the
// watchers a function registers to wake waiters on cancellation
// (context.AfterFunc, a goroutine receiving from ctx.Done()). From the
// loops with no way out it derives which functions without a context may
// block in a Wait, through their callees too, and exports that for
// exported functions as StallFacts, and it indexes the package's
// Signal and Broadcast calls by the Cond field they wake (Wakes).
// condctx and condloop read its
// Result; the gate model's Walk tells them what is held at a wake-up.
package condwait

import (
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/facts"
	"github.com/gatevet/gatevet/internal/gate"
)

// Analyzer computes the package's Cond waits; condctx and condloop read
// its *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "condwait",
	Doc:        "computes gatevet's sync.Cond model: Wait loops, bare Waits, cancellation watchers and the functions that may block in a Wait",
	Requires:   []*analysis.Analyzer{gate.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(StallFacts)},
}

// Result is the Cond model of one package.
type Result struct {
	pass   *analysis.Pass
	gates  *gate.Result
	waits  map[*ssa.Function][]Wait
	stalls *facts.Table[StallFact, StallFact]
	stored map[types.Object]bool // fields and package-level variables stored to
	// outs and returnsOut memoise wayOut and returnsWayOut; open counts
	// the judgements under way, and the unsure lists hold what they
	// found no way out in, until the outermost ends (settle).
	outs         map[ssa.Value]bool
	returnsOut   map[*ssa.Function]bool
	open         int
	unsureValues []ssa.Value
	unsureFuncs  []*ssa.Function
	// wakes are the Signal and Broadcast calls by Cond field (Wakes).
	wakes     wakeIndex
	wakesOnce sync.Once
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{
		pass:  pass,
		gates: pass.ResultOf[gate.Analyzer].(*gate.Result),
		waits: make(map[*ssa.Function][]Wait),

		outs:       make(map[ssa.Value]bool),
		returnsOut: make(map[*ssa.Function]bool),
	}
	res.stalls = res.newStalls()
	res.stored = storedObjs(res.gates.Source)
	for _, fi := range res.gates.Funcs {
		res.waits[fi.Fn] = res.findWaits(fi)
	}
	res.stalls.Finish(res.gates.Analysed())
	return res, nil
}

// Waits returns the Wait loops of fn.
func (r *Result) Waits(fn *ssa.Function) []Wait { return r.waits[fn] }
