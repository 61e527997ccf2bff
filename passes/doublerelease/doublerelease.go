package doublerelease

import (
	_ "embed"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/gatepass"
	"github.com/gatevet/gatevet/internal/known"
)

// doc is the source of doc.go, whose package doc comment holds the
// analyzer's documentation.
//
//go:embed doc.go
var doc string

// Analyzer is the doublerelease pass.
var Analyzer = gatepass.New("doublerelease", doc, run)

func run(pass *analysis.Pass, res *gate.Result, rep *directive.Reporter) {
	for _, fi := range res.Funcs {
		for _, fl := range flows(fi) {
			for _, d := range fl.check() {
				rep.Certain(diagnose(pass, fi, d))
			}
		}
		for _, u := range unheldReleases(pass, res, fi) {
			rep.Certain(diagnoseUnheld(pass, fi, u))
		}
	}
}

// flows returns an analysis for each mutex, RWMutex and Weighted that fi's
// function both acquires and releases itself.
func flows(fi *gate.FuncInfo) []*flow {
	events := fi.Events()
	byGate := make(map[string][]*gate.Event)
	var keys []string
	for i, e := range events {
		switch e.Kind {
		case known.Mutex, known.RWMutex, known.Weighted:
		default:
			continue
		}
		k := e.Gate.Key()
		if byGate[k] == nil {
			keys = append(keys, k)
		}
		byGate[k] = append(byGate[k], &events[i])
	}
	var out []*flow
	var stores map[ssa.Instruction]string
	for _, k := range keys {
		es := byGate[k]
		if !slices.ContainsFunc(es, own(known.Acquire)) || !slices.ContainsFunc(es, own(known.Release)) {
			continue
		}
		ops := make(map[ssa.Instruction][]*gate.Event)
		for _, e := range es {
			ops[e.Instr] = append(ops[e.Instr], e)
		}
		if stores == nil {
			stores = storesOf(fi)
		}
		fl := newFlow(fi, es[0].Kind, k, ops)
		for instr, loc := range stores {
			if k == loc || strings.HasPrefix(k, loc+"/") {
				fl.rebinds[instr] = true
			}
		}
		out = append(out, fl)
	}
	return out
}

// storesOf returns the stores of fi's function, with the key of the
// location each writes.
func storesOf(fi *gate.FuncInfo) map[ssa.Instruction]string {
	out := make(map[ssa.Instruction]string)
	for _, b := range fi.Fn.Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok {
				if loc, ok := fi.Location(st.Addr); ok {
					out[instr] = loc.Key()
				}
			}
		}
	}
	return out
}

// own returns a test for the function's own operations of kind op.
func own(op known.Op) func(*gate.Event) bool {
	return func(e *gate.Event) bool { return e.Op == op && !e.Via }
}

// check returns the releases of the gate that their paths cannot make:
// must-released ones and mode mismatches from the dataflow, and those
// that every path from a release of everything the function held meets
// first.
func (fl *flow) check() []*finding {
	r := fl.solve()
	if r.callers {
		return nil
	}
	found := r.findings
	in := fl.ahead(r.atDefers)
	for _, fr := range r.frees {
		b := fr.rel.Instr.Block()
		if len(fl.ops[fr.rel.Instr]) != 1 {
			continue
		}
		i := slices.Index(b.Instrs, fr.rel.Instr)
		if v := fl.back(b.Instrs[i+1:], fl.exit(b, in), r.atDefers); v.state == sure {
			found = append(found, &finding{rel: v.rel, at: v.at, acq: fr.acq, firsts: []*gate.Event{fr.rel}})
		}
	}
	return merge(found)
}

// merge keeps one finding per release and kind, with all the earlier
// releases found for it, in source order.
func merge(found []*finding) []*finding {
	var out []*finding
	for _, d := range found {
		i := slices.IndexFunc(out, func(o *finding) bool { return o.rel == d.rel && (o.firsts == nil) == (d.firsts == nil) })
		if i < 0 {
			out = append(out, &finding{rel: d.rel, at: d.at, acq: d.acq, firsts: slices.Clone(d.firsts)})
			continue
		}
		for _, f := range d.firsts {
			if !slices.Contains(out[i].firsts, f) {
				out[i].firsts = append(out[i].firsts, f)
			}
		}
	}
	for _, d := range out {
		slices.SortFunc(d.firsts, func(a, b *gate.Event) int { return int(a.Pos - b.Pos) })
	}
	slices.SortFunc(out, func(a, b *finding) int { return int(a.rel.Pos - b.rel.Pos) })
	return out
}
