package concurrency

import (
	"go/token"
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/facts"
	"github.com/gatevet/gatevet/internal/gate"
)

// Analyzer computes the concurrency model of a package; sub-models and
// passes list it in their Requires and read its *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "concurrency",
	Doc:        "computes gatevet's concurrency model: which program points no other goroutine can run beside, and why",
	Requires:   []*analysis.Analyzer{gate.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(BorrowFacts), new(SerialFacts)},
}

// Result is the concurrency model of one package.
type Result struct {
	gates   *gate.Result
	fset    *token.FileSet
	pkg     string // the package's path, to spell names
	borrows *facts.Table[[]int, BorrowFact]
	serial  *facts.Table[[]SerialRun, SerialFact]

	// mu guards the answers kept for helpers' parameters: passes may
	// ask at once.
	mu       sync.Mutex
	helpers  map[param]*Reason // nil: not owned
	busy     map[param]bool
	fresh    map[*ssa.Function]bool // constructors: see freshResult
	funcsAt  map[token.Pos]*ssa.Function
	extents  *extents
	signals  *[]signal  // the package's end signals, once found
	loops    *[]runLoop // the package's run loops, once found
	oneCalls *oneCalls  // what runs one call at a time, once found
	pkgTypes *types.Package
	waits    map[*ssa.Function][]wait

	published published               // sections that run once per instance, as asked
	latched   latched                 // one-way flags, as asked
	started   map[*gate.FuncInfo]bool // run on goroutines the package's code starts, once found

	detachOnce sync.Once
	detached   map[*gate.FuncInfo]detachment // run on goroutines nothing waits for (together.go)
	claims     map[*ssa.Function][]claim     // atomic claims, as asked

	handOnce sync.Once
	overs    map[handOver]bool // permits handed over on channels (handover.go)

	onceFuncsOnce sync.Once
	onceFuncs     map[*ssa.Function]*ssa.Global // run only by a package-level Once's Do (once.go)

	lazyOnce sync.Once
	lazy     map[*ssa.Global]lazyVar // written once, lazily, under a lock (lazy.go)
}

// param is a parameter of one of the package's functions.
type param struct {
	fn *ssa.Function
	i  int
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{
		gates:   pass.ResultOf[gate.Analyzer].(*gate.Result),
		helpers: make(map[param]*Reason),
		busy:    make(map[param]bool),
		fresh:   make(map[*ssa.Function]bool),
		funcsAt: make(map[token.Pos]*ssa.Function),
		waits:   make(map[*ssa.Function][]wait),
		claims:  make(map[*ssa.Function][]claim),
		fset:    pass.Fset,
		pkg:     pass.Pkg.Path(),

		pkgTypes: pass.Pkg,
	}
	r.extents = r.newExtents()
	r.borrows = facts.NewTable[BorrowFacts](pass, facts.Spec[[]int, BorrowFact]{
		Derive: gate.Deriving(r.gates, r.deriveBorrows),
		Export: func(ps []int) (*BorrowFact, bool) { return &BorrowFact{Params: ps}, len(ps) > 0 },
		Import: func(f *BorrowFact) []int { return f.Params },
	})
	r.serial = facts.NewTable[SerialFacts](pass, facts.Spec[[]SerialRun, SerialFact]{
		Derive: gate.Deriving(r.gates, r.deriveSerial),
		Export: func(rs []SerialRun) (*SerialFact, bool) { return &SerialFact{Runs: rs}, len(rs) > 0 },
		Import: func(f *SerialFact) []SerialRun { return f.Runs },
	})
	r.borrows.Finish(r.gates.Analysed())
	r.serial.Finish(r.gates.Analysed())
	return r, nil
}
