package values

import (
	"go/types"
	"maps"
	"slices"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/ssatest"
)

const src = `package p

import "errors"

type item struct{ n int }

func open() (*item, error) { return nil, errors.New("no") }

// kept: every construction sets each field, every store is not nil.
type kept struct {
	it   *item
	m    map[int]int
	fn   func()
	conn *item
}

func newKept() (*kept, error) {
	c, err := open()
	if err != nil {
		return nil, err
	}
	k := &kept{it: &item{}, m: make(map[int]int), conn: c}
	k.fn = k.run
	return k, nil
}

func (k *kept) run() {
	if k.it == nil {
		k.it = &item{}
	}
}

// cleared is set to nil; unset is not set by its construction; early is
// tested before its constructor sets it.
type cleared struct{ it *item }
type unset struct{ it, other *item }
type early struct{ it *item }

func newCleared() *cleared { return &cleared{it: &item{}} }
func (c *cleared) close()  { c.it = nil }
func newUnset() *unset     { return &unset{other: &item{}} }

func newEarly() *early {
	e := &early{}
	e.check()
	e.it = &item{}
	return e
}

func (e *early) check() bool { return e.it == nil }

// zero values: a package variable, a slice element, a conversion.
type global struct{ it *item }
type element struct{ it *item }
type converted struct{ it *item }
type twin struct{ it *item }

var g global

func newGlobal() *global       { return &global{it: &item{}} }
func newElement() *element     { return &element{it: &item{}} }
func elements(n int) []element { return make([]element, n) }
func newConverted() *converted { return &converted{it: &item{}} }
func convert(t twin) converted { return converted(t) }

// addressed: its address escapes.
type addressed struct{ it *item }

func newAddressed() *addressed { return &addressed{it: &item{}} }
func clear(p **item)           { *p = nil }
func (a *addressed) drop()     { clear(&a.it) }

// Constant fields: zero is set to a zero constant or left alone, full to
// one non-zero constant by every allocation; mixed gets two constants,
// counted changes, partial is left unset by one allocation.
const maxOpen = 0

type limits struct {
	zero    int
	off     bool
	name    string
	full    int
	mixed   int
	counted int
}

func newLimits() *limits { return &limits{zero: maxOpen, name: "pool", full: 8, mixed: 1} }
func (l *limits) grow()  { l.mixed = 2; l.counted++ }

type partial struct{ full int }

func newPartial() *partial  { return &partial{full: 8} }
func emptyPartial() *partial { return &partial{} }
`

func TestNonNilFields(t *testing.T) {
	pkg := ssatest.Build(t, src)
	funcs := ssatest.Funcs(pkg)
	n := fieldInvariants(pkg, funcs, nil)
	var got []string
	for v := range n.nonNil {
		got = append(got, v.Name())
	}
	slices.Sort(got)
	// kept's four, unset.other, early.it.
	if want := []string{"conn", "fn", "it", "it", "m", "other"}; !slices.Equal(got, want) {
		t.Errorf("non-nil fields: got %v, want %v", got, want)
	}
	for v := range n.nonNil {
		if line := pkg.Prog.Fset.Position(v.Pos()).Line; line > 16 && line != 36 && line != 37 {
			t.Errorf("field %s at line %d can be nil", v.Name(), line)
		}
	}
	if !n.early[methodOf(pkg, "early", "check")] {
		t.Error("early.check runs before newEarly sets it, but is not early")
	}
	if n.early[methodOf(pkg, "kept", "run")] {
		t.Error("kept.run is early: the closure newKept stores is not run there")
	}
}

// TestFollow: the nil branch of kept.run's test is not followed; the
// branches of early.check's are.
func TestConstFields(t *testing.T) {
	pkg := ssatest.Build(t, src)
	n := fieldInvariants(pkg, ssatest.Funcs(pkg), nil)
	got := make(map[string]string)
	for v, k := range n.consts {
		got[v.Name()] = k.ExactString()
	}
	// item.n is never set: always 0.
	want := map[string]string{"zero": "0", "off": "false", "name": `"pool"`, "full": "8", "n": "0"}
	if !maps.Equal(got, want) {
		t.Errorf("constant fields: got %v, want %v", got, want)
	}
}

func TestFollow(t *testing.T) {
	pkg := ssatest.Build(t, src)
	funcs := ssatest.Funcs(pkg)
	p := Of(pkg, funcs, implementations(pkg), FindMade(pkg, funcs))
	run := methodOf(pkg, "kept", "run")
	b := run.Blocks[0]
	if p.Follow(b, b.Succs[0]) || !p.Follow(b, b.Succs[1]) {
		t.Errorf("kept.run: follow nil branch %v, other %v; want false, true", p.Follow(b, b.Succs[0]), p.Follow(b, b.Succs[1]))
	}
	if _, ok := p.Settle(run.Params[0], true).fields.decides(run.Blocks[0].Instrs[len(run.Blocks[0].Instrs)-1].(*ssa.If).Cond); !ok {
		t.Error("Settle dropped the non-nil fields")
	}
}

func methodOf(pkg *ssa.Package, typ, name string) *ssa.Function {
	tn := pkg.Pkg.Scope().Lookup(typ).(*types.TypeName)
	return pkg.Prog.LookupMethod(types.NewPointer(tn.Type()), pkg.Pkg, name)
}

const paramSrc = `package p

type kind int

const (
	small kind = iota
	large
	huge
)

func pick(k kind) int {
	switch k {
	case small:
		return 1
	case large:
		return 2
	}
	return 3
}

func relay(k kind) int { return pick(k) }

// dead is never called: its call of pick never runs.
func dead(k kind) int { return pick(k) }

func open(k kind, n int) int {
	if n > 0 {
		return relay(k)
	}
	return pick(large)
}

func any(k kind) int { return int(k) }

func Use(n int) int { return relay(small) + open(large, n) + anyOf(n) }

func anyOf(n int) int { return any(kind(n)) }

func flagged(on bool) bool { return on }

func Flags() bool { return flagged(true) && flagged(true) }

type box struct{}

func (b *box) get(on bool) bool { return on }

// Boxes calls get with true, and through a method value with false.
func Boxes(b *box) bool { f := b.get; return b.get(true) && f(false) }

`

// TestSettledParams: pick's k takes small and large, through relay and
// open too, and nothing from dead, which nothing calls; any's k is
// anything.
func TestSettledParams(t *testing.T) {
	pkg := ssatest.Build(t, paramSrc)
	s := settledParams(ssatest.Funcs(pkg), implementations(pkg))
	pick := pkg.Func("pick")
	var got []string
	for _, v := range s[pick.Params[0]] {
		got = append(got, v.ExactString())
	}
	slices.Sort(got)
	if want := []string{"0", "1"}; !slices.Equal(got, want) {
		t.Errorf("pick's k: %v, want %v", got, want)
	}
	if vals, ok := s[pkg.Func("any").Params[0]]; ok {
		t.Errorf("any's k is settled to %v", vals)
	}
	if v, ok := s.flag(pkg.Func("flagged").Params[0]); !ok || !v {
		t.Errorf("flagged's on: %v, %v; want true", v, ok)
	}
	box := pkg.Type("box").Type()
	get := pkg.Prog.LookupMethod(types.NewPointer(box), pkg.Pkg, "get")
	if v, ok := s.flag(get.Params[1]); ok {
		t.Errorf("get's on is settled to %v, though a method value passes false", v)
	}
	// The second case's test is the last one possible: true; its false
	// branch, the return 3, never runs.
	var tests []*ssa.If
	for _, b := range pick.Blocks {
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			tests = append(tests, ifi)
		}
	}
	if len(tests) != 2 {
		t.Fatalf("pick: %d tests, want 2", len(tests))
	}
	if _, ok := s.decides(tests[0].Block(), tests[0].Cond.(*ssa.BinOp)); ok {
		t.Error("k == small is decided")
	}
	if v, ok := s.decides(tests[1].Block(), tests[1].Cond.(*ssa.BinOp)); !ok || !v {
		t.Errorf("k == large after k != small: %v, %v; want true", v, ok)
	}
}

const resultSrc = `package p

import "errors"

type lister interface{ list() ([]string, error) }

type none struct{}

func (none) list() ([]string, error) { return nil, nil }

type some struct{ names []string }

func (s *some) list() ([]string, error) { return s.names, nil }

type failing interface{ list2() error }

type bad struct{}

func (bad) list2() error { return errors.New("no") }

func use(l lister, f failing) bool {
	_, err := l.list()
	if err != nil {
		return false
	}
	return f.list2() != nil
}
`

// TestNilResults: every lister returns a nil error; a failing's does not.
func TestNilResults(t *testing.T) {
	pkg := ssatest.Build(t, resultSrc)
	n := findNilResults(ssatest.Funcs(pkg), implementations(pkg))
	var got []bool
	for _, b := range pkg.Func("use").Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.BinOp); ok {
				_, ok := n.decides(c)
				got = append(got, ok)
			}
		}
	}
	if want := []bool{true, false}; !slices.Equal(got, want) {
		t.Errorf("decided: %v, want %v", got, want)
	}
}

const constSrc = `package p

const goos = "linux"

func platform() int {
	switch goos {
	case "windows":
		return 1
	case "linux", "freebsd":
		return 2
	default:
		return 0
	}
}

func either(b bool) int {
	if b {
		return 1
	}
	return 2
}

type Kind interface {
	Kind() int
	sealed()
}

type unix struct{}

func (unix) Kind() int { return 2 }
func (unix) sealed()   {}

func use(b bool, k Kind) bool {
	if platform() == 1 {
		return false
	}
	if either(b) == 1 {
		return false
	}
	if k.Kind() == 2 {
		return false
	}
	return 2 <= platform()
}
`

// TestConstResults: platform returns 2 in the build (goos is "linux":
// its switch's other cases test two constants that differ), so the
// tests of its result are decided; either returns 1 or 2; Kind's one
// implementation here returns 2, but a type elsewhere may embed the
// interface and override Kind.
func TestConstResults(t *testing.T) {
	pkg := ssatest.Build(t, constSrc)
	n := findNilResults(ssatest.Funcs(pkg), implementations(pkg))
	type verdict struct{ val, ok bool }
	var got []verdict
	for _, b := range pkg.Func("use").Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.BinOp); ok {
				val, ok := n.constDecides(c)
				got = append(got, verdict{val, ok})
			}
		}
	}
	if want := []verdict{{false, true}, {false, false}, {false, false}, {true, true}}; !slices.Equal(got, want) {
		t.Errorf("decided: %v, want %v", got, want)
	}
}

// implementations resolves an interface call of pkg to the methods of
// its named types that implement the interface, as the gate model does
// for an interface with an unexported method.
func implementations(pkg *ssa.Package) Implementations {
	return func(c *ssa.CallCommon) []*ssa.Function {
		iface, ok := c.Value.Type().Underlying().(*types.Interface)
		if !ok {
			return nil
		}
		var out []*ssa.Function
		for _, m := range pkg.Members {
			t, ok := m.(*ssa.Type)
			if !ok || types.IsInterface(t.Type()) {
				continue
			}
			for _, recv := range []types.Type{t.Type(), types.NewPointer(t.Type())} {
				if !types.Implements(recv, iface) {
					continue
				}
				if sel := pkg.Prog.MethodSets.MethodSet(recv).Lookup(c.Method.Pkg(), c.Method.Name()); sel != nil {
					out = append(out, pkg.Prog.MethodValue(sel))
				}
				break
			}
		}
		return out
	}
}
