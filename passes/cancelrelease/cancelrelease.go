package cancelrelease

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/concurrency"
	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatepass"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
	"github.com/gatevet/gatevet/internal/resource"
)

// doc is the source of doc.go, whose package doc comment holds the
// analyzer's documentation.
//
//go:embed doc.go
var doc string

// Analyzer is the cancelrelease pass.
var Analyzer = gatepass.New("cancelrelease", doc, run, resource.Analyzer, concurrency.Analyzer)

func run(pass *analysis.Pass, res *gate.Result, rep *directive.Reporter) {
	rs := pass.ResultOf[resource.Analyzer].(*resource.Result)
	conc := pass.ResultOf[concurrency.Analyzer].(*concurrency.Result)
	for _, fi := range res.Funcs {
		starts := fi.Starts()
		if len(starts) == 0 {
			continue
		}
		cases := cancelCases(fi.Fn)
		if len(cases) == 0 {
			continue
		}
		held := heldAt(fi)
		// One report per release of a gate: the first goroutine started
		// names the work (a waiter started after it only waits).
		reported := make(map[string]bool)
		for _, s := range starts {
			if s.ObservesContext() || waiter(s) {
				continue
			}
			for _, h := range stillHeld(held, s) {
				// A permit admits whatever runs while it is held; a mutex
				// only guards state, which the goroutine must use.
				if !h.Kind.Counting() && !rs.StartUses(fi, s, h.Gate) {
					continue
				}
				d, c, rel, ok := check(pass, s, starts, h, cases, held)
				if k := fmt.Sprint(d.Pos, h.Gate.Key()); ok && !reported[k] {
					reported[k] = true
					if rel.deferred {
						d.SuggestedFixes = moveRelease(pass, s, h, c.sel)
					}
					if h.Mode != known.Shared {
						rep.Certain(d)
					} else if w, ok := conc.WriterOf(fi, h.Gate); ok {
						// A read lock let go early admits a writer, not
						// another reader: latent, until one comes.
						d.Message += fmt.Sprintf(" (a read lock: the goroutine races with a writer that comes meanwhile, such as %s at %s)",
							naming.CalleeName(w.Func.Fn, pass.Pkg.Path()), gate.PosText(pass.Fset, w.Acquire.Pos))
						d.Related = append(d.Related, analysis.RelatedInformation{Pos: w.Acquire.Pos, Message: "a writer the early release lets in"})
						rep.Latent(d)
					}
				}
			}
		}
	}
}

// heldAt maps each instruction the dataflow reached to the gates held
// just before it, by key.
func heldAt(fi *gate.FuncInfo) map[ssa.Instruction]map[string]*gate.Holding {
	out := make(map[ssa.Instruction]map[string]*gate.Holding)
	fi.Walk(func(instr ssa.Instruction, held gate.Held) {
		m := make(map[string]*gate.Holding)
		for _, h := range held.All() {
			m[h.Gate.Key()] = h
		}
		out[instr] = m
	})
	return out
}

// stillHeld returns the process-visible gates held across start s: held
// before it and after it, so the goroutine did not take them over.
func stillHeld(held map[ssa.Instruction]map[string]*gate.Holding, s gate.Start) []*gate.Holding {
	before, after := held[s.Instr], held[next(s.Instr)]
	var out []*gate.Holding
	for k, h := range before {
		if _, kept := after[k]; kept && h.Gate.Crosses() {
			out = append(out, h)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Gate.Key() < out[j].Gate.Key() })
	return out
}

// next returns the instruction after instr in its block.
func next(instr ssa.Instruction) ssa.Instruction {
	instrs := instr.Block().Instrs
	for i, x := range instrs {
		if x == instr && i+1 < len(instrs) {
			return instrs[i+1]
		}
	}
	return nil
}

// waiter reports whether the goroutine waits for others (go func() {
// done <- g.Wait() }()): it is not the work, which its group runs.
func waiter(s gate.Start) bool {
	if s.Fn == nil {
		return false
	}
	for _, b := range s.Fn.Blocks {
		for _, instr := range b.Instrs {
			if waits(instr, gate.Start{}) {
				return true
			}
		}
	}
	return false
}

// check follows the paths from each cancellation case and returns the
// report for the first release of h that comes before a wait for s.
func check(pass *analysis.Pass, s gate.Start, starts []gate.Start, h *gate.Holding, cases []cancelCase,
	held map[ssa.Instruction]map[string]*gate.Holding) (analysis.Diagnostic, cancelCase, release, bool) {
	key := h.Gate.Key()
	for _, c := range cases {
		// The select must wait while the gate is held: a case body that
		// takes the gate itself, later, is not racing anything.
		if _, heldThere := held[c.sel][key]; !heldThere || !cfg.After(s.Instr, c.sel) || !waitedOtherwise(c, key, s, starts, held) {
			continue
		}
		rel, ok, _ := releaseBeforeWait(c.branch, key, s, held)
		if !ok {
			continue
		}
		return diagnose(pass, s, h, c, rel), c, rel, true
	}
	return analysis.Diagnostic{}, cancelCase{}, release{}, false
}

// waitedOtherwise reports whether the select waits for goroutine s on a
// case other than c: it receives from a channel given to s, or to a
// goroutine that waits for others (go func() { wg.Wait(); close(done)
// }()), or its body waits for s before it releases gate key. Only then
// does the gate admit s's work, which the cancellation branch leaves
// running; a goroutine that outlives the gate on every path (a logger
// of the process it started) is not what the gate waits for.
func waitedOtherwise(c cancelCase, key string, s gate.Start, starts []gate.Start, held map[ssa.Instruction]map[string]*gate.Holding) bool {
	awaited := func(ch ssa.Value) bool {
		if s.Given(ch) {
			return true
		}
		for _, w := range starts {
			if waiter(w) && w.Given(ch) {
				return true
			}
		}
		return false
	}
	for i, st := range c.sel.States {
		if i == c.index {
			continue
		}
		if st.Dir == types.RecvOnly && awaited(st.Chan) {
			return true
		}
		if b := cfg.SelectCase(c.sel, i); b != nil {
			if _, _, waited := releaseBeforeWait(b, key, s, held); waited {
				return true
			}
		}
	}
	return false
}

// release is where a gate is released: the instruction, and the
// position to report (the return that runs a deferred release).
type release struct {
	instr    ssa.Instruction
	pos, end token.Pos
	deferred bool
}

// releaseBeforeWait searches the paths from block start for a release of
// gate key that no wait for goroutine s precedes; waited says whether
// some path waits for s first.
func releaseBeforeWait(start *ssa.BasicBlock, key string, s gate.Start, held map[ssa.Instruction]map[string]*gate.Holding) (rel release, found, waited bool) {
	cfg.Forward([]*ssa.BasicBlock{start}, func(b *ssa.BasicBlock) bool {
		if found {
			return false
		}
		for i, instr := range b.Instrs {
			if waits(instr, s) {
				waited = true
				return false
			}
			before, reached := held[instr]
			if !reached || i+1 >= len(b.Instrs) {
				continue
			}
			if _, had := before[key]; !had {
				continue
			}
			if _, still := held[b.Instrs[i+1]][key]; !still {
				rel, found = releaseAt(instr), true
				return false
			}
		}
		return true
	})
	return rel, found, waited
}

// releaseAt describes the release instr performs: a RunDefers is the
// return statement that ends its block.
func releaseAt(instr ssa.Instruction) release {
	if _, ok := instr.(*ssa.RunDefers); ok {
		instrs := instr.Block().Instrs
		if ret, ok := instrs[len(instrs)-1].(*ssa.Return); ok {
			return release{instr: ret, pos: ret.Pos(), end: ret.Pos(), deferred: true}
		}
	}
	return release{instr: instr, pos: instr.Pos(), end: instr.Pos()}
}

func diagnose(pass *analysis.Pass, s gate.Start, h *gate.Holding, c cancelCase, rel release) analysis.Diagnostic {
	pkg := pass.Pkg.Path()
	g := h.Gate.Spell(pkg)
	how := "released here"
	if rel.deferred {
		how = "released by the deferred release when this returns"
	}
	pos := rel.pos
	if ret, ok := rel.instr.(*ssa.Return); ok && ret.Pos() == token.NoPos {
		pos = c.sel.Pos()
	}
	msg := fmt.Sprintf("%s is %s, on the %s branch, while the goroutine started at %s (%s) may still run: "+
		"it cannot observe the cancellation and does not release %s, so the next acquirer runs beside it; "+
		"keep %s until the goroutine exits: release it in the goroutine, or wait for the goroutine after cancelling",
		g, how, c.what, gate.PosText(pass.Fset, s.Pos), s.Describe(pkg), g, g)
	return analysis.Diagnostic{
		Pos: pos, End: rel.end, Message: msg,
		Related: []analysis.RelatedInformation{
			{Pos: h.Pos, Message: g + " acquired here"},
			{Pos: s.Pos, Message: "the goroutine that still runs is started here"},
			{Pos: c.sel.Pos(), Message: "the " + c.what + " case"},
		},
	}
}
