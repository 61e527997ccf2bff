package cfg

import (
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/ssatest"
)

const src = `package p

func mark(string) {}

func nested(n int, stop bool) {
	for i := 0; i < n; i++ {
		mark("outer")
		for !stop {
			mark("inner")
		}
		mark("between")
	}
	mark("after")
}

func assert(bad, rr bool) {
	if bad {
		panic("internal error")
	}
	mark("checked")
	if rr {
		mark("rr")
		return
	}
	mark("rest")
}

func recovers(bad bool) {
	defer func() { recover() }()
	if bad {
		panic("x")
	}
	mark("guarded")
}

func straight() {
	mark("first")
	mark("second")
}

func passes(n int, ok bool) {
	for i := 0; i < n; i++ {
		mark("each")
		if ok {
			mark("some")
		}
	}
}

func irreducible(b bool) {
	if b {
		goto in
	}
top:
	mark("top")
in:
	mark("in")
	goto top
}

func flow(b bool, n int) {
	mark("start")
	if b {
		mark("then")
	} else {
		mark("else")
	}
	mark("join")
	if false {
		mark("dead")
	}
	for i := 0; i < n; i++ {
		mark("loop")
	}
	mark("end")
}

func flag(solicit bool, n int) {
	if solicit {
		mark("out")
	} else {
		mark("in")
	}
	mark("both")
	if solicit {
		mark("outAgain")
	}
	for i := 0; i < n; i++ {
		more := i > 1
		if more {
			mark("more")
		} else {
			mark("less")
		}
		mark("next")
	}
	mark("done")
}

func deferred(b bool) (*int, error) {
	defer mark("deferred")
	x := new(int)
	if b {
		return nil, nil
	}
	return x, nil
}
`

// build returns the package's functions and, for each mark("x") call,
// the call instruction.
func build(t *testing.T) (map[string]*ssa.Function, map[string]*ssa.Call) {
	t.Helper()
	pkg := ssatest.Build(t, src)
	funcs := make(map[string]*ssa.Function)
	marks := make(map[string]*ssa.Call)
	for _, m := range pkg.Members {
		fn, ok := m.(*ssa.Function)
		if !ok {
			continue
		}
		funcs[fn.Name()] = fn
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if name, ok := markOf(instr); ok {
					marks[fn.Name()+"."+name] = instr.(*ssa.Call)
				}
			}
		}
	}
	return funcs, marks
}

// markOf returns x when instr is a mark("x") call.
func markOf(instr ssa.Instruction) (string, bool) {
	if c, ok := instr.(*ssa.Call); ok && len(c.Call.Args) == 1 {
		if k, ok := c.Call.Args[0].(*ssa.Const); ok {
			return markName(k), true
		}
	}
	return "", false
}

func markName(k *ssa.Const) string { return k.Value.ExactString()[1 : len(k.Value.ExactString())-1] }

func TestEveryPass(t *testing.T) {
	_, m := build(t)
	for name, want := range map[string]bool{"passes.each": true, "passes.some": false, "nested.inner": true, "straight.first": false} {
		if got := EveryPass(m[name].Block()); got != want {
			t.Errorf("EveryPass(%s) = %v, want %v", name, got, want)
		}
	}
}

func TestLoopOfIsInnermost(t *testing.T) {
	_, m := build(t)
	inner := LoopOf(m["nested.inner"].Block())
	if inner == nil {
		t.Fatal("inner: no loop")
	}
	for _, name := range []string{"nested.outer", "nested.between", "nested.after"} {
		if inner[m[name].Block()] {
			t.Errorf("the inner loop contains %s", name)
		}
	}
	outer := LoopOf(m["nested.outer"].Block())
	for _, name := range []string{"nested.outer", "nested.inner", "nested.between"} {
		if !outer[m[name].Block()] {
			t.Errorf("the outer loop lacks %s", name)
		}
	}
	if outer[m["nested.after"].Block()] {
		t.Error("the outer loop contains the code after it")
	}
	if len(inner) >= len(outer) {
		t.Errorf("inner loop has %d blocks, outer %d", len(inner), len(outer))
	}
}

func TestLoopHeader(t *testing.T) {
	_, m := build(t)
	each := m["passes.each"].Block()
	h := LoopHeader(each)
	if h == nil || !LoopOf(each)[h] {
		t.Fatal("passes.each: no header in its loop")
	}
	for x := range LoopOf(each) {
		if !h.Dominates(x) {
			t.Errorf("the header does not dominate block %d of its loop", x.Index)
		}
	}
	if LoopHeader(m["nested.inner"].Block()) == LoopHeader(m["nested.between"].Block()) {
		t.Error("the inner loop has the outer loop's header")
	}
	if LoopHeader(m["straight.first"].Block()) != nil || LoopHeader(m["irreducible.in"].Block()) != nil {
		t.Error("a header outside any natural loop")
	}
}

func TestLoopOfStraightAndIrreducible(t *testing.T) {
	_, m := build(t)
	if l := LoopOf(m["straight.first"].Block()); l != nil {
		t.Errorf("straight-line code has a loop of %d blocks", len(l))
	}
	if InLoop(m["straight.first"]) || InLoop(m["nested.after"]) {
		t.Error("InLoop outside any loop")
	}
	if !InLoop(m["nested.inner"]) || !InLoop(m["nested.between"]) {
		t.Error("InLoop misses a loop")
	}
	l := LoopOf(m["irreducible.in"].Block())
	if !l[m["irreducible.top"].Block()] || !l[m["irreducible.in"].Block()] {
		t.Errorf("irreducible cycle: got %d blocks, want top and in", len(l))
	}
}

func TestAfter(t *testing.T) {
	_, m := build(t)
	first, second := m["straight.first"], m["straight.second"]
	if !After(first, second) || After(second, first) {
		t.Error("straight-line order")
	}
	if After(first, first) {
		t.Error("an instruction off any cycle runs after itself")
	}
	if !After(m["nested.inner"], m["nested.inner"]) || !After(m["nested.between"], m["nested.outer"]) {
		t.Error("a loop runs its body again")
	}
	if After(m["nested.after"], m["nested.outer"]) {
		t.Error("code after the loop runs before it again")
	}
}

func TestMeets(t *testing.T) {
	_, m := build(t)
	is := func(names ...string) func(ssa.Instruction) bool {
		return func(x ssa.Instruction) bool {
			for _, n := range names {
				if x == ssa.Instruction(m[n]) {
					return true
				}
			}
			return false
		}
	}
	if !Meets(m["flow.start"], is("flow.end"), is("flow.then")) {
		t.Error("the else branch comes to the end without the then branch")
	}
	if Meets(m["flow.start"], is("flow.end"), is("flow.join")) {
		t.Error("every path to the end passes the join")
	}
	if !Meets(m["straight.first"], is("straight.first"), is("straight.second")) {
		t.Error("the start instruction itself is met")
	}
	if !Meets(m["nested.between"], is("nested.outer"), is("nested.after")) || Meets(m["nested.after"], is("nested.outer"), is()) {
		t.Error("a loop comes round to its body; the code after it does not")
	}
}

func TestDominates(t *testing.T) {
	_, m := build(t)
	first, second := m["straight.first"], m["straight.second"]
	if !Dominates(first, second) || Dominates(second, first) || Dominates(first, first) {
		t.Error("straight-line order")
	}
	if !Dominates(m["nested.outer"], m["nested.inner"]) || !Dominates(m["nested.outer"], m["nested.between"]) {
		t.Error("the loop's first statement comes before its body")
	}
	if Dominates(m["nested.inner"], m["nested.between"]) || Dominates(m["nested.outer"], m["nested.after"]) {
		t.Error("a loop body that may not run comes first")
	}
}

// TestOrder checks Order against Dominates on every pair of marked
// instructions.
func TestOrder(t *testing.T) {
	_, m := build(t)
	var o Order
	for an, a := range m {
		for bn, b := range m {
			if a.Parent() != b.Parent() {
				continue
			}
			if got, want := o.Dominates(a, b), Dominates(a, b); got != want {
				t.Errorf("Order.Dominates(%s, %s) = %v, Dominates says %v", an, bn, got, want)
			}
		}
	}
}

func TestInevitable(t *testing.T) {
	_, m := build(t)
	if !Inevitable(m["straight.first"], m["straight.second"]) || Inevitable(m["straight.second"], m["straight.first"]) {
		t.Error("straight-line order")
	}
	// The Wait after the loop that starts the workers: every way out of
	// the loop body passes the code after the loop.
	if !Inevitable(m["nested.inner"], m["nested.after"]) || !Inevitable(m["nested.outer"], m["nested.after"]) {
		t.Error("every way out of a loop passes what follows it")
	}
	if Inevitable(m["nested.between"], m["nested.outer"]) {
		t.Error("the loop may end before its first statement runs again")
	}
	if Inevitable(m["nested.outer"], m["nested.inner"]) {
		t.Error("an inner loop that may not run is passed")
	}
	if !Inevitable(m["flow.then"], m["flow.join"]) || Inevitable(m["flow.start"], m["flow.then"]) {
		t.Error("a branch joins; one arm is not on every path")
	}
}

func TestOnEveryReturn(t *testing.T) {
	_, m := build(t)
	for mark, want := range map[string]bool{
		"straight.first":   true,
		"flow.start":       true,
		"flow.then":        false,
		"flow.join":        true,
		"flow.loop":        false,
		"assert.checked":   true, // the panic returns nothing
		"assert.rr":        false,
		"assert.rest":      false,
		"recovers.guarded": false, // the recovered panic returns without it
	} {
		if got := OnEveryReturn(m[mark].Block()); got != want {
			t.Errorf("OnEveryReturn(%s) = %v, want %v", mark, got, want)
		}
	}
	// Leaving the recovered panic out, the guarded block is on every
	// plain return.
	if !OnEveryPlainReturn(m["recovers.guarded"].Block()) || OnEveryPlainReturn(m["flow.then"].Block()) {
		t.Error("OnEveryPlainReturn: the recovered panic's return is left out, a branch is not")
	}
}

func TestReachable(t *testing.T) {
	f, m := build(t)
	entry := f["nested"].Blocks[0]
	fwd := Reachable(entry, Succs)
	if !fwd[m["nested.after"].Block()] || fwd[entry] {
		t.Error("forward reachability from the entry")
	}
	if !Reachable(m["nested.after"].Block(), Preds)[entry] {
		t.Error("backward reachability to the entry")
	}
}

const selectSrc = `package p

func mark(string) {}

func pick(a, b chan int) {
	select {
	case <-a:
		mark("a")
	case <-b:
		mark("b")
	}
	mark("after")
}
`

func TestSelectCase(t *testing.T) {
	fn := ssatest.Build(t, selectSrc).Func("pick")
	var sel *ssa.Select
	marks := make(map[string]*ssa.BasicBlock)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Select:
				sel = in
			case *ssa.Call:
				if k, ok := in.Call.Args[0].(*ssa.Const); ok {
					marks[markName(k)] = b
				}
			}
		}
	}
	for i, name := range []string{"a", "b"} {
		if got := SelectCase(sel, i); got != marks[name] {
			t.Errorf("case %d starts in %v, want the block of mark(%q)", i, got, name)
		}
	}
	if got := SelectCase(sel, 2); got != nil {
		t.Errorf("a case the select does not have starts in %v", got)
	}
}

const takenSrc = `package p

func mark(string) {}

func branches(c bool) {
	if false {
		mark("dead")
	}
	if c {
		mark("then")
	}
}
`

func TestTaken(t *testing.T) {
	fn := ssatest.Build(t, takenSrc).Func("branches")
	var consts, vars int
	for _, b := range fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			if !Taken(b, 0) {
				t.Errorf("block %d: the only successor is not taken", b.Index)
			}
			continue
		}
		if _, ok := ifi.Cond.(*ssa.Const); ok {
			consts++
			if Taken(b, 0) || !Taken(b, 1) {
				t.Errorf("if false: then taken %v, else taken %v", Taken(b, 0), Taken(b, 1))
			}
			continue
		}
		vars++
		if !Taken(b, 0) || !Taken(b, 1) {
			t.Error("if c: a branch is not taken")
		}
	}
	if consts != 1 || vars != 1 {
		t.Fatalf("got %d constant and %d variable ifs, want 1 and 1", consts, vars)
	}
}

const nilSrc = `package p

func mark(string) {}

func checks(err error, other error) {
	if err != nil {
		mark("checked")
		if other == nil {
			mark("other nil")
			return
		}
		mark("both")
	}
	if err == nil {
		mark("nil")
		return
	}
	mark("else of == nil")
}

func retry(next func() error) {
	for {
		err := next()
		if err != nil {
			continue
		}
		mark("after continue")
		return
	}
}
`

// TestNilTests: which of err and other each mark's block knows to be
// non-nil, and which nil.
func TestNilTests(t *testing.T) {
	fn := ssatest.Build(t, nilSrc).Func("checks")
	err, other := fn.Params[0], fn.Params[1]
	for _, tc := range []struct {
		mark             string
		err, other       bool // NonNilOn
		errNil, otherNil bool // NilOn
	}{
		{"checked", true, false, false, false},
		{"other nil", true, false, false, true},
		{"both", true, true, false, false},
		{"nil", false, false, true, false},
		{"else of == nil", true, false, false, false},
	} {
		b := markCall(t, fn, tc.mark).Block()
		for _, c := range []struct {
			name string
			test func(*ssa.BasicBlock, ssa.Value) bool
			v    ssa.Value
			want bool
		}{
			{"NonNilOn(err)", NonNilOn, err, tc.err},
			{"NonNilOn(other)", NonNilOn, other, tc.other},
			{"NilOn(err)", NilOn, err, tc.errNil},
			{"NilOn(other)", NilOn, other, tc.otherNil},
		} {
			if got := c.test(b, c.v); got != c.want {
				t.Errorf("%s: %s = %v, want %v", tc.mark, c.name, got, c.want)
			}
		}
	}
}

// TestNonNilOnLoop: the true branch of err != nil that continues jumps
// to the loop header, which dominates the code after the test too; err
// is nil there.
func TestNonNilOnLoop(t *testing.T) {
	fn := ssatest.Build(t, nilSrc).Func("retry")
	b := markCall(t, fn, "after continue").Block()
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			if c, ok := instr.(*ssa.Call); ok && c.Call.Signature().Results().Len() == 1 && c.Call.StaticCallee() == nil {
				if NonNilOn(b, c) || !NilOn(b, c) {
					t.Error("err is not known nil after the test that continues when it is not nil")
				}
				return
			}
		}
	}
	t.Fatal("no call of next")
}

// markCall returns fn's mark(name) call.
func markCall(t *testing.T, fn *ssa.Function, name string) *ssa.Call {
	t.Helper()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && len(c.Call.Args) == 1 {
				if k, ok := c.Call.Args[0].(*ssa.Const); ok && markName(k) == name {
					return c
				}
			}
		}
	}
	t.Fatalf("no mark(%q) in %s", name, fn.Name())
	return nil
}

func TestForward(t *testing.T) {
	funcs, marks := build(t)
	fn := funcs["nested"]
	all, cut := 0, 0
	Forward(fn.Blocks[:1], func(*ssa.BasicBlock) bool { all++; return true })
	if all != len(fn.Blocks) {
		t.Errorf("Forward from the entry visited %d of %d blocks", all, len(fn.Blocks))
	}
	outer := marks["nested.outer"].Block()
	Forward(fn.Blocks[:1], func(b *ssa.BasicBlock) bool { cut++; return b != outer })
	if cut >= all {
		t.Errorf("Forward went on past a block whose visit said stop: %d of %d", cut, all)
	}
}

func TestForwardKnowing(t *testing.T) {
	_, marks := build(t)
	reaches := func(from, to string) bool {
		b := marks["flag."+from].Block()
		found := false
		ForwardKnowing(b.Succs, Known(b), func(x *ssa.BasicBlock) bool {
			found = found || x == marks["flag."+to].Block()
			return true
		})
		return found
	}
	for _, tc := range []struct {
		from, to string
		want     bool
	}{
		{"in", "outAgain", false}, // solicit is false on every path from "in"
		{"out", "outAgain", true},
		{"in", "done", true},
		{"both", "outAgain", true}, // nothing decided at the join
		{"more", "next", true},
		{"less", "more", true}, // more is computed anew each round: not kept
	} {
		if got := reaches(tc.from, tc.to); got != tc.want {
			t.Errorf("from %s, reaches %s = %v, want %v", tc.from, tc.to, got, tc.want)
		}
	}
	if k := Known(marks["flag.in"].Block()); len(k) != 1 {
		t.Errorf("Known at the else branch = %v, want one condition", k)
	}
}

// TestTestOf reads what each if decides: a comparison with a constant
// either way round, a bool on its own, and not a comparison of two
// values or a constant condition.
func TestTestOf(t *testing.T) {
	fn := ssatest.Build(t, `package p

func mark(string) {}

func tests(p *int, on bool, n, m int) {
	if p == nil {
		mark("p nil")
	}
	if nil != p {
		mark("p set")
	}
	if on {
		mark("on")
	}
	if n == m {
		mark("pair")
	}
}
`).Func("tests")
	for _, tc := range []struct {
		mark   string
		ok     bool
		equal  bool // the mark lies on the Equal edge
		hasVal bool // Const is set
	}{
		{"p nil", true, true, true},
		{"p set", true, false, true},
		{"on", true, true, false},
		{"pair", false, false, false},
	} {
		b := markCall(t, fn, tc.mark).Block()
		if len(b.Preds) != 1 {
			t.Fatalf("%s: %d preds", tc.mark, len(b.Preds))
		}
		test, ok := TestOf(b.Preds[0])
		if ok != tc.ok {
			t.Errorf("%s: TestOf ok = %v, want %v", tc.mark, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		if got := test.Equal == b; got != tc.equal {
			t.Errorf("%s: on the Equal edge = %v, want %v", tc.mark, got, tc.equal)
		}
		if got := test.Const != nil; got != tc.hasVal {
			t.Errorf("%s: Const set = %v, want %v", tc.mark, got, tc.hasVal)
		}
		if !Only(b) {
			t.Errorf("%s: Only = false", tc.mark)
		}
	}
}

const rangeSrc = `package p

func use(int) {}

func each(xs []*int) {
	for _, x := range xs {
		use(*x)
	}
}
`

// TestPos: the load of a range loop's element has no position of its
// own; Pos gives it the statement in the loop's body that uses it.
func TestPos(t *testing.T) {
	pkg := ssatest.Build(t, rangeSrc)
	fn := pkg.Func("each")
	var elem, call ssa.Instruction
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.UnOp:
				if _, ok := in.X.(*ssa.IndexAddr); ok {
					elem = in
				}
			case *ssa.Call:
				call = in
			}
		}
	}
	if elem == nil || call == nil {
		t.Fatalf("no element load (%v) or call (%v) in each", elem, call)
	}
	if elem.Pos().IsValid() {
		t.Skip("the SSA builder now gives the element load a position")
	}
	fset := pkg.Prog.Fset
	if got := Pos(elem); !got.IsValid() || fset.Position(got).Line != fset.Position(call.Pos()).Line {
		t.Errorf("Pos(element load) = %v, want a position on the call's line %d", fset.Position(got), fset.Position(call.Pos()).Line)
	}
	if got := Pos(call); got != call.Pos() {
		t.Errorf("Pos(call) = %v, want its own %v", got, call.Pos())
	}
}

// TestReturned sees through the result variables of a function with a
// defer: each return gives what its own block stored.
func TestReturned(t *testing.T) {
	funcs, _ := build(t)
	var got []string
	for _, b := range funcs["deferred"].Blocks {
		for _, instr := range b.Instrs {
			if ret, ok := instr.(*ssa.Return); ok && b.Comment != "recover" {
				v := Returned(ret.Results[0])
				if v == ret.Results[0] {
					t.Errorf("Returned(%s) did not see through the result variable", v)
				}
				got = append(got, v.String())
			}
		}
	}
	if len(got) != 2 || got[0] != "nil:*int" || got[1] != "new int (new)" {
		t.Errorf("returned %q, want nil and the new int", got)
	}
	// A value that is no load of a result variable is itself.
	if p := ssa.Value(funcs["flag"].Params[0]); Returned(p) != p {
		t.Errorf("Returned changed a parameter")
	}
}
