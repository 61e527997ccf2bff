package cfg

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// seen is the set of marks the paths to a point have passed (every
// path, or some, as the join says), plus, on the branches of an If on a
// parameter, which way it went.
type seen map[string]bool

func cloneSeen(s seen) seen { return maps.Clone(s) }

// intersect keeps in dst the marks src has too.
func intersect(dst, src seen) bool {
	changed := false
	for k := range dst {
		if !src[k] {
			delete(dst, k)
			changed = true
		}
	}
	return changed
}

// union adds to dst the marks of src: the marks some path has passed.
func union(dst, src seen) bool {
	changed := false
	for k := range src {
		if !dst[k] {
			dst[k] = true
			changed = true
		}
	}
	return changed
}

// marksProblem is the must-seen analysis of fn; with split, an If on a
// parameter sends "if:true" and "if:false" down its branches.
func marksProblem(split bool) Dataflow[seen] {
	return Dataflow[seen]{
		Entry: seen{},
		Transfer: func(b *ssa.BasicBlock, s seen) []seen {
			for _, instr := range b.Instrs {
				if name, ok := markOf(instr); ok {
					s[name] = true
				}
			}
			ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
			if !ok || !split {
				return []seen{s}
			}
			if _, param := ifi.Cond.(*ssa.Parameter); !param {
				return []seen{s}
			}
			t, f := s, cloneSeen(s)
			t["if:true"], f["if:false"] = true, true
			return []seen{t, f}
		},
		Join:  intersect,
		Clone: cloneSeen,
	}
}

func keys(s seen) string {
	if s == nil {
		return "unreached"
	}
	return strings.Join(slices.Sorted(maps.Keys(s)), " ")
}

func TestDataflowSolve(t *testing.T) {
	funcs, marks := build(t)
	fn := funcs["flow"]
	for _, tc := range []struct {
		split bool
		want  map[string]string // mark -> the entry state of its block
	}{
		{false, map[string]string{
			"then": "start",
			"else": "start",
			"join": "start",
			"dead": "unreached",
			"loop": "join start",
			"end":  "join start",
		}},
		{true, map[string]string{
			"then": "if:true start",
			"else": "if:false start",
			"join": "start",
			"dead": "unreached",
			"loop": "join start",
			"end":  "join start",
		}},
	} {
		p := marksProblem(tc.split)
		in := p.Solve(fn)
		if len(in) != len(fn.Blocks) {
			t.Fatalf("split=%v: %d states for %d blocks", tc.split, len(in), len(fn.Blocks))
		}
		if keys(in[0]) != "" || len(p.Entry) != 0 {
			t.Errorf("split=%v: entry %q, Entry after Solve %q; want both empty", tc.split, keys(in[0]), keys(p.Entry))
		}
		for mark, want := range tc.want {
			if got := keys(in[marks["flow."+mark].Block().Index]); got != want {
				t.Errorf("split=%v: entry of mark(%q)'s block = %q, want %q", tc.split, mark, got, want)
			}
		}
	}
}

// TestDataflowSolveRevisits checks that a block whose entry state a
// loop's back edge changes is run again, and what it passes on changes.
func TestDataflowSolveRevisits(t *testing.T) {
	funcs, marks := build(t)
	fn := funcs["flow"]
	p := marksProblem(false)
	p.Join = union
	in := p.Solve(fn)
	if got, want := keys(in[marks["flow.end"].Block().Index]), "else join loop start then"; got != want {
		t.Errorf("may-seen on entry to mark(\"end\")'s block = %q, want %q", got, want)
	}
}

// TestDataflowSolveSharedOut checks that one state Transfer returns for
// several successors becomes a state of each one's own.
func TestDataflowSolveSharedOut(t *testing.T) {
	funcs, marks := build(t)
	fn := funcs["flow"]
	in := marksProblem(false).Solve(fn)
	b := marks["flow.start"].Block()
	th, el := in[b.Succs[0].Index], in[b.Succs[1].Index]
	th["x"] = true
	if el["x"] {
		t.Error("the branches of an If share one entry state")
	}
}

// TestDataflowSolveRegion runs a loop's body once round from its header,
// as the gate model follows a back edge: Start enters the header with
// Entry, Follow keeps the flow inside the loop and off the back edge, so
// the blocks before and after the loop are not reached and the header's
// state is Entry alone.
func TestDataflowSolveRegion(t *testing.T) {
	funcs, marks := build(t)
	fn := funcs["flow"]
	body := marks["flow.loop"].Block()
	loop := LoopOf(body)
	var header *ssa.BasicBlock
	for b := range loop {
		if b.Dominates(body) && (header == nil || b.Dominates(header)) {
			header = b
		}
	}
	p := marksProblem(false)
	p.Entry = seen{"carried": true}
	p.Start = header
	p.Follow = func(_, to *ssa.BasicBlock) bool { return to != header && loop[to] }
	in := p.Solve(fn)
	if got := keys(in[header.Index]); got != "carried" {
		t.Errorf("header's entry = %q, want the carried state alone", got)
	}
	if got := keys(in[body.Index]); got != "carried" {
		t.Errorf("body's entry = %q, want the carried state", got)
	}
	for _, mark := range []string{"start", "end"} {
		if got := keys(in[marks["flow."+mark].Block().Index]); got != "unreached" {
			t.Errorf("mark(%q)'s block, outside the loop, = %q, want unreached", mark, got)
		}
	}
}
