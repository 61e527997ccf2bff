package gate

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/ctrlflow"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/facts"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
	"github.com/gatevet/gatevet/internal/values"
)

// Analyzer computes the gate model of a package. Passes list it in their
// Requires and read its *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "gatemodel",
	Doc:        "computes gatevet's gate model: gates, acquire and release events, must-held gates and function summaries",
	Requires:   []*analysis.Analyzer{ctrlflow.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
	FactTypes:  []analysis.Fact{new(FuncFacts), new(ChanFact)},
}

// Result is the gate model of one package.
type Result struct {
	// Directives are the package's //gatevet: annotations.
	Directives *directive.Set
	// Funcs holds the analysed functions, in source order.
	Funcs []*FuncInfo
	// Problems are annotations the model could not resolve.
	Problems []directive.Problem
	// Source holds every source function of the package, closures
	// included, also those the model skipped (too large, no body).
	Source []*ssa.Function

	infos   map[*ssa.Function]*FuncInfo
	graph   *callGraph
	m       *model
	callers callersHold
	closing closingOnce
	tests   testRunsOnce
	origins originsOnce
	tokens  tokensOnce
}

// model is the analysis of one package.
type model struct {
	pass    *analysis.Pass
	ssaPkg  *ssa.Package
	pkgPath string
	dirs    *directive.Set
	infos   map[*ssa.Function]*FuncInfo
	// sums are the functions' summaries: this package's, derived on
	// demand by analyse, and other packages', from their FuncFacts.
	sums     *facts.Table[*Summary, FuncFact]
	chanObjs map[types.Object]chanDir
	// closedChans are the channels the package closes: signals, never
	// semaphores.
	closedChans map[types.Object]bool
	// bufferedObjs are variables and fields given a buffered channel.
	bufferedObjs map[types.Object]bool
	// capacity is the permits of the counting gates variables and fields
	// are given, -1 when not one constant (see permits.go).
	capacity map[types.Object]int64
	problems []directive.Problem
	srcFuncs []*ssa.Function
	// valueFuncs are the functions package values reads: the source
	// functions and the package initializer.
	valueFuncs []*ssa.Function
	genFuncs   []*ssa.Function // the functions of generated files
	// fieldTargets are the func-typed fields every store sets to a known
	// function (see dynamic.go).
	fieldTargets map[*types.Var][]fieldTarget
	setters      []setterStore // stores of a setter's parameter into a func field, while noteDynamic runs
	// fieldRels are what calling func fields releases, as asked (see
	// funcvars.go).
	fieldRels map[*types.Var]fieldRel
	// condLocks are the locks the Conds of fields were made on, as
	// asked (see condlocks.go).
	condLocks map[*types.Var]condLock
	// named are the package's named types, local ones included, listed
	// on the first interface call that needs them (see implementations).
	named []*types.Named
	// exportedIfaces are the package's exported interfaces and aliases
	// of one (embeddable), once listed.
	exportedIfaces []types.Type
	ifacesListed   bool
	// tables are the package-level slices of functions a loop may range
	// over (see dynamic.go).
	tables map[*ssa.Global][]*ssa.Function
	// namers name each function's values, one per function: a Namer
	// indexes its function's syntax on first use.
	namers map[*ssa.Function]*naming.Namer
	// paths are the branches the package's values rule out: settled
	// flags, non-nil fields (package values).
	paths *values.Paths
	// ids are what its Namers see through: the package's back-pointers
	// (s.idx.store is s), the fields its constructors set
	// (newEncoder(c).conn is c) and its keyed maps (c.subs[sub.sid] is
	// sub).
	ids naming.Identities
	// made are the fields set only as their objects are made.
	made *values.Made
}

func run(pass *analysis.Pass) (any, error) {
	ssaPkg, srcFuncs, genFuncs := buildSSA(pass)
	m := &model{
		pass:         pass,
		ssaPkg:       ssaPkg,
		pkgPath:      pass.Pkg.Path(),
		dirs:         directive.Parse(pass.Files, pass.TypesInfo),
		infos:        make(map[*ssa.Function]*FuncInfo),
		chanObjs:     make(map[types.Object]chanDir),
		bufferedObjs: make(map[types.Object]bool),
		capacity:     make(map[types.Object]int64),
		namers:       make(map[*ssa.Function]*naming.Namer),
	}
	m.srcFuncs = srcFuncs
	m.fieldRels = make(map[*types.Var]fieldRel)
	m.condLocks = make(map[*types.Var]condLock)
	m.sums = facts.NewTable[FuncFacts](pass, facts.Spec[*Summary, FuncFact]{
		Derive: m.derive,
		Export: exportSummary,
		Import: func(f *FuncFact) *Summary { return &f.Summary },
	})
	if ssaPkg != nil {
		// The package's values are read off its initializer too: a
		// package-level variable's initial value is made there.
		m.valueFuncs = append(slices.Clip(srcFuncs), initializer(ssaPkg)...)
		if b := values.FindBacks(ssaPkg, m.valueFuncs); b != nil {
			m.ids.Backs = b.Is
		}
		if k := values.FindKeyed(ssaPkg, m.valueFuncs); k != nil {
			m.ids.Keyed = k.Key
		}
		if made := values.FindMade(ssaPkg, m.valueFuncs); made != nil {
			m.ids.Fixed, m.ids.Assigned, m.made = made.Fixed, made.Assigned, made
			m.ids.Made = func(fn *ssa.Function, f *types.Var) (int, []string, bool) {
				src, ok := made.Param(fn, f)
				return src.Param, src.Path, ok
			}
		}
		m.classifyChans(srcFuncs)
		m.noteDynamic(srcFuncs)
		m.genFuncs = genFuncs
		m.paths = values.Of(ssaPkg, append(slices.Clip(m.valueFuncs), genFuncs...), m.implementations, m.made)
	}
	res := &Result{Directives: m.dirs, Source: srcFuncs, m: m}
	m.sums.Settle(srcFuncs)
	for _, fn := range srcFuncs {
		if m.sums.Of(fn); m.infos[fn] != nil {
			res.Funcs = append(res.Funcs, m.infos[fn])
		}
	}
	res.graph = m.buildCallGraph(srcFuncs)
	// From here on the model is only read, by passes running at once.
	m.sums.Finish(srcFuncs)
	res.Problems = m.problems
	res.infos = m.infos
	return res, nil
}

// exportSummary returns the fact of an exported function's summary, if
// it says anything, with its chains cut to what facts keep.
func exportSummary(s *Summary) (*FuncFact, bool) {
	if s == nil || s.empty() {
		return nil, false
	}
	sum := *s
	sum.Acquires = slices.Clone(sum.Acquires)
	for i := range sum.Acquires {
		sum.Acquires[i].Chain = FactChain(sum.Acquires[i].Chain)
	}
	return &FuncFact{Summary: sum}, true
}

// derive returns the summary of fn, for the table: false for another
// package's function, nil for one the model does not analyse.
func (m *model) derive(fn *ssa.Function) (*Summary, bool) {
	if fn.Pkg != m.ssaPkg {
		return nil, false
	}
	if fi := m.analyse(fn); fi != nil {
		return fi.Summary, true
	}
	return nil, true
}

// namer returns fn's Namer.
func (m *model) namer(fn *ssa.Function) *naming.Namer {
	nm, ok := m.namers[fn]
	if !ok {
		// A function literal shares its declaration's syntax index.
		top := fn
		for top.Parent() != nil {
			top = top.Parent()
		}
		if _, decl := top.Syntax().(*ast.FuncDecl); decl && top != fn {
			nm = naming.NewNamerIn(fn, m.ids, m.namer(top))
		} else {
			nm = naming.NewNamer(fn, m.ids)
		}
		m.namers[fn] = nm
	}
	return nm
}

func (m *model) isGateType(tn *types.TypeName) bool {
	return len(m.dirs.Of(tn, directive.Gate)) > 0
}

// analyse computes fi for fn, once: the summary table (m.sums) calls it
// through derive, callees first, and cuts call cycles. It returns nil
// for functions without a body and too large ones, whose callers then
// see no summary.
func (m *model) analyse(fn *ssa.Function) (fi *FuncInfo) {
	if len(fn.Blocks) == 0 || len(fn.Blocks) > maxBlocks {
		return nil
	}
	defer func() {
		// Never crash on real code: a function the model cannot handle
		// gets no info, so passes stay silent on it and its callers see
		// no summary. GATEVET_DEBUG=1 lets the panic through.
		if r := recover(); r != nil {
			if os.Getenv("GATEVET_DEBUG") != "" {
				panic(r)
			}
			fi = nil
		}
	}()

	fs := &funcState{
		fn:      fn,
		refs:    m.namer(fn),
		chans:   classify(m.scanChans(fn), dominates),
		effects: make(map[ssa.Instruction][]effect),
		gateIDs: make(map[string]int),
		initial: &state{},
		paths:   m.paths,
	}
	requires := m.contracts(fn, directive.Holds)
	for _, r := range requires {
		what := "//gatevet:holds " + r.op.Gate.Spell(m.pkgPath)
		switch {
		case r.named:
			what = r.said + " name's"
		case r.said != "":
			what = fmt.Sprintf("doc comment %q", r.said)
		}
		fs.initial.hold(fs.intern(r.op), &Holding{GateOp: r.op, Pos: r.pos, What: what, Contract: true})
	}
	promised := m.promises(fn)
	for _, p := range promised {
		if p.Kind == directive.Releases {
			// The caller's gate, held on entry.
			fs.initial.hold(fs.intern(p.GateOp), &Holding{GateOp: p.GateOp, Pos: p.Pos, What: "//gatevet:releases " + p.Gate.Spell(m.pkgPath), Contract: true})
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			es := m.instrEffects(fs, instr)
			for i := range es {
				es[i].id = fs.intern(es[i].gate)
				if es[i].op == known.Acquire && es[i].hold {
					h := holding(es[i])
					es[i].holding = &h
				}
			}
			if len(es) > 0 {
				fs.effects[instr] = es
			}
		}
	}
	fi = &FuncInfo{Fn: fn, fs: fs, Handed: m.handedReleases(fs), Promises: promised}
	fs.in = fs.solve()
	fi.Summary = m.summarise(fi, fs.in)
	fs.flagIn = fs.lockFlagStates(fi.Summary)
	keep(fi.Summary, fn, promised)
	m.carried(fi)
	m.flagCarried(fi)
	fi.starts = m.findStarts(fn)
	if fn.Parent() == nil {
		fi.Summary.Spawns = m.spawns(fi)
	}
	for _, r := range requires {
		fi.Summary.Requires = append(fi.Summary.Requires, Required{GateOp: r.op, Said: r.said, Named: r.named})
	}
	for _, r := range m.contracts(fn, directive.Excludes) {
		fi.Summary.Excludes = append(fi.Summary.Excludes, r.op)
	}
	m.infos[fn] = fi
	return fi
}
