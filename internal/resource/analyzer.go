// Package resource is gatevet's resource sub-model: what gates protect,
// and where the package uses it with which gates held.
//
// A resource is a package-level variable (with everything reached through
// it, but for a pointer to a type of its own package, whose object's
// fields are resources of their own, still process-wide, as an
// instance's are), a field of an instance, or a function annotated
// //gatevet:guardedby. For every function the gate model analysed, the
// resource model replays the model's must-held dataflow (FuncInfo.Walk)
// and records each touch: a store, a map update, a delete, clear or copy,
// or a load, of a location rooted at a parameter, a free variable or a
// package-level variable, with the gates held there. A call contributes
// its callee's touches in the caller's terms (callees first, across
// packages through TouchFact), with the gates the callee held around
// them, and those of the func values the callee runs (the gate model's
// SumRun: withDevice(f) runs f under the device gate).
//
// Paths start at the package's entries (Entry): exported functions, main,
// escaping func values and uncalled functions, but not lifecycle and
// contract functions, code that runs before publication, tests, func
// values kept in the package's own called func fields, or the methods of
// callback values (callbacks.go), whose uses count at the call that hands
// them on. A use inside an atomic claim holds the claimed word too. Uses
// lists every function's uses with their Resource and whether the
// function is an entry; GuardedBy resolves //gatevet:guardedby
// annotations (exported as GuardFact); KeyOf names a held gate relative
// to a resource. bypass and instancegate read it; cancelrelease asks
// StartUses whether a goroutine uses a mutex's state; directives reports
// the //gatevet:guardedby annotations it could not resolve.
package resource

import (
	"go/constant"
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/concurrency"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/facts"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// Analyzer computes the package's uses of resources; bypass,
// instancegate and cancelrelease read its *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "resource",
	Doc:        "computes gatevet's resource model: the uses of package-level variables and fields, with the gates held, and the package's entries",
	Requires:   []*analysis.Analyzer{gate.Analyzer, concurrency.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(TouchFacts), new(GuardFact)},
}

// Result is the resource model of one package.
type Result struct {
	// Problems are //gatevet:guardedby annotations that name no gate.
	Problems []directive.Problem

	pass    *analysis.Pass
	gates   *gate.Result
	conc    *concurrency.Result
	pkgPath string
	guards  map[types.Object]*GuardedBy
	// methods are the package's methods by receiver type, for the
	// callback values a call hands on (see callbacks.go).
	methods map[*types.TypeName][]*ssa.Function
	// atomics are the fields and variables the package accesses with
	// sync/atomic (see atomics.go).
	atomics map[types.Object]bool
	// sums are the touches callers see: this package's functions', and
	// other packages' writes, from their TouchFacts.
	sums     *facts.Table[[]SumTouch, TouchFact]
	flagSums map[*ssa.Function][]flagSum // for the calls that settle a flag parameter
	touches  map[*ssa.Function][]Touch   // each function's, as analyse found them
	uses     []Use
	byInstr  map[ssa.Instruction][]int // indices in uses by their instruction, for CallersHold
	usesOnce sync.Once
	written  map[string]bool // resources some function writes after publication
}

// TouchFact carries the writes of an exported function, its callees'
// included, to importing packages; the reads matter only to the fields
// of this package's types, used here. It is encoded as the gate model's
// FuncFact is, and decoded on first use (gate/factcodec.go).
type TouchFact struct {
	Touches []SumTouch
	lazy    *facts.Lazy[[]SumTouch] // set when read from a file, until Load
}

// TouchFacts is the resource model's package fact: the TouchFacts of the
// package's exported functions that write.
type TouchFacts struct{ facts.Book[TouchFact] }

// AFact marks TouchFacts as an analysis fact.
func (*TouchFacts) AFact() {}

// GobEncode writes f compactly, or as it was read.
func (f *TouchFact) GobEncode() ([]byte, error) {
	return facts.Encode(f.lazy, f.Touches, encodeTouches), nil
}

// GobDecode keeps b, to be decoded by Load.
func (f *TouchFact) GobDecode(b []byte) error {
	f.lazy = facts.NewLazy[[]SumTouch](b)
	return nil
}

// Load decodes f's touches if f was read from a file.
func (f *TouchFact) Load() error { return facts.Load(f.lazy, &f.Touches, decodeTouches) }

func encodeTouches(e *facts.Encoder, ts []SumTouch) {
	facts.EncodeEach(e, ts, func(t SumTouch) {
		e.Ref(t.Res)
		e.Bool(t.Write)
		gate.EncodeOps(e, t.Under)
		gate.EncodeChain(e, t.Chain)
		e.Int(int(t.Once))
		e.Bool(t.Started)
	})
}

func decodeTouches(d *facts.Decoder) []SumTouch {
	return facts.DecodeEach(d, func() SumTouch {
		return SumTouch{Res: d.Ref(), Write: d.Bool(), Under: gate.DecodeOps(d), Chain: gate.DecodeChain(d), Once: OnceScope(d.Int()), Started: d.Bool()}
	})
}

func (f *TouchFact) String() string {
	f.Load()
	s := "touches("
	for i, t := range f.Touches {
		if i > 0 {
			s += ", "
		}
		s += "writes " + t.Res.Key() + gate.HeldText(t.Under)
	}
	return s + ")"
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{
		pass:     pass,
		gates:    pass.ResultOf[gate.Analyzer].(*gate.Result),
		conc:     pass.ResultOf[concurrency.Analyzer].(*concurrency.Result),
		pkgPath:  pass.Pkg.Path(),
		flagSums: make(map[*ssa.Function][]flagSum),
		touches:  make(map[*ssa.Function][]Touch),
	}
	r.sums = facts.NewTable[TouchFacts](pass, facts.Spec[[]SumTouch, TouchFact]{
		Derive: gate.Deriving(r.gates, r.analyse),
		Export: exportWrites,
		Import: func(f *TouchFact) []SumTouch { return f.Touches },
	})
	r.guards = r.resolveGuards()
	r.methods = methodsOf(r.gates.Source)
	r.atomics = atomicLocations(r.gates.Analysed())
	r.sums.Finish(r.gates.Analysed())
	return r, nil
}

// analyse returns fi's summary; the summary table (r.sums) calls it
// once per function, callees first. A function with flag parameters
// (gate.FuncInfo.FlagParams) also gets a summary for each constant a
// call can pass for them. The touches are kept for Uses, which would
// otherwise replay the function again: they are what Uses would find,
// unless the table cut a callee's summary short by recursion
// (facts.Table.CutShort), and then Uses replays the function.
func (r *Result) analyse(fi *gate.FuncInfo) []SumTouch {
	ts, sum := r.collect(fi, fi.Walk)
	r.touches[fi.Fn] = ts
	for _, i := range fi.FlagParams() {
		for _, val := range []bool{false, true} {
			_, s := r.collect(fi, func(visit func(ssa.Instruction, gate.Held)) { fi.WalkSettled(i, val, visit) })
			r.flagSums[fi.Fn] = append(r.flagSums[fi.Fn], flagSum{param: i, val: val, sum: s})
		}
	}
	return sum
}

// A flagSum is a function's summary as the calls that pass val for its
// flag parameter param see it.
type flagSum struct {
	param int
	val   bool
	sum   []SumTouch
}

// sumAt returns the summary of cal.Fn that call cal sees: the one for
// the constant it passes for a flag parameter, or the function's own.
func (r *Result) sumAt(cal naming.Callee) []SumTouch {
	sum := r.sums.Of(cal.Fn) // derives the flag summaries too
	for _, fs := range r.flagSums[cal.Fn] {
		if k, ok := cal.Value(fs.param, false).(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Bool && constant.BoolVal(k.Value) == fs.val {
			return fs.sum
		}
	}
	return sum
}

// collect replays fi's function with walk and returns its touches and
// its summary.
func (r *Result) collect(fi *gate.FuncInfo, walk func(func(ssa.Instruction, gate.Held))) ([]Touch, []SumTouch) {
	var touches []Touch
	var sum []SumTouch
	seen := make(map[string]int)
	record := func(ts []Touch) {
		for _, t := range ts {
			touches = append(touches, t)
			if t.Res.Crosses() {
				r.addTouch(&sum, seen, t)
			}
		}
	}
	// A goroutine's uses are made under what the goroutine holds, not
	// under what its starter holds while it starts it: of the starter's
	// gates, only those it hands over at the go statement (a goroutine
	// that unlocks them: the walk shows them no longer held at the next
	// instruction), and those it still holds where it waits for the
	// goroutine's end (concurrency.Result.EndWaits): the goroutine ran
	// inside its critical section.
	type start struct {
		instr ssa.Instruction
		ts    []Touch
		after map[string]bool // the gates held after the go statement
	}
	var starts []*start
	ends := make(map[ssa.Instruction][]ssa.Instruction) // each start's end waits
	waits := make(map[ssa.Instruction]map[string]bool)  // end waits, with the gates held there
	for _, s := range fi.Starts() {
		if _, isGo := s.Instr.(*ssa.Go); isGo || s.Group != nil {
			ends[s.Instr] = r.conc.EndWaits(fi, s)
			for _, w := range ends[s.Instr] {
				waits[w] = nil
			}
		}
	}
	var pending *start
	walk(func(instr ssa.Instruction, held gate.Held) {
		if pending != nil {
			pending.after = keys(held)
			pending = nil
		}
		if _, ok := waits[instr]; ok {
			waits[instr] = keys(held)
		}
		raw := r.instrTouches(fi, instr)
		if len(raw) == 0 {
			return
		}
		ts := touchesAt(instr, held, raw)
		if _, isStart := ends[instr]; isStart {
			// What a goroutine does holds no claim of its starter.
		} else if claims := r.conc.Claimed(fi, instr); len(claims) > 0 {
			for i := range ts {
				if !ts[i].Started {
					ts[i].Holdings = append(ts[i].Holdings, claims...)
				}
			}
		}
		if _, isStart := ends[instr]; isStart {
			pending = &start{instr: instr, ts: ts}
			starts = append(starts, pending)
			return
		}
		record(ts)
	})
	for _, s := range starts {
		covered := make(map[string]bool)
		for _, w := range ends[s.instr] {
			for k := range waits[w] {
				covered[k] = true
			}
		}
		for i, t := range s.ts {
			s.ts[i].Started = t.Started || len(ends[s.instr]) == 0
			var kept []*gate.Holding
			for _, h := range t.Holdings {
				if k := h.Gate.Key(); h.Via || s.after != nil && !s.after[k] || covered[k] {
					kept = append(kept, h)
				}
			}
			s.ts[i].Holdings = kept
		}
		record(s.ts)
	}
	return touches, sum
}

// keys returns the keys of the gates held.
func keys(held gate.Held) map[string]bool {
	out := make(map[string]bool)
	for _, h := range held.All() {
		out[h.Gate.Key()] = true
	}
	return out
}

// exportWrites returns the fact of an exported function's writes, if it
// writes.
func exportWrites(sum []SumTouch) (*TouchFact, bool) {
	var writes []SumTouch
	for _, t := range sum {
		if t.Write {
			t.Chain = gate.FactChain(t.Chain)
			writes = append(writes, t)
		}
	}
	return &TouchFact{Touches: writes}, len(writes) > 0
}

// StartUses reports whether goroutine s, which fi starts, uses state
// reached from the root of ref (in fi's terms): package-level state for
// a package-level ref, or what the parameter or free variable at ref's
// root reaches. State counts when something writes it after publication
// (see Uses): a logger or a setting fixed at construction is not what a
// lock guards. The goroutine's uses are named in fi's terms through the
// values it receives; false when they cannot be told.
func (r *Result) StartUses(fi *gate.FuncInfo, s gate.Start, ref naming.Ref) bool {
	if s.Fn == nil || r.gates.Info(s.Fn) == nil {
		return false
	}
	at := naming.Callee{Fn: s.Fn, Args: s.Values[:s.Args], Bindings: s.Values[s.Args:]}
	r.Uses() // what is written after publication
	for _, t := range r.sums.Of(s.Fn) {
		if t.Res.Root == naming.Global {
			if res, ok := Of(fi, t.Res); ref.Root == naming.Global && ok && r.written[res.Key] {
				return true
			}
			continue
		}
		if ref.Root != naming.Param && ref.Root != naming.FreeVar {
			continue
		}
		if u, ok := fi.Translate(t.Res, at); ok && u.Root == ref.Root && u.Index == ref.Index {
			if res, ok := Of(fi, u); ok && r.written[res.Key] {
				return true
			}
		}
	}
	return false
}
