package naming_test

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/naming"
	"github.com/gatevet/gatevet/internal/ssatest"
)

func TestRefSpellAndKey(t *testing.T) {
	for _, tc := range []struct {
		ref        naming.Ref
		spell, key string
	}{
		{naming.Ref{Root: naming.Global, Pkg: "example.com/p", Name: "mu"}, "mu", "g:example.com/p.mu"},
		{naming.Ref{Root: naming.Global, Pkg: "example.com/q", Name: "Mu"}, "q.Mu", "g:example.com/q.Mu"},
		{naming.Ref{Root: naming.Param, Index: 0, Name: "s", Path: []string{"inner", naming.Deref, "mu"}}, "s.inner.mu", "p0/inner/*/mu"},
		{naming.Ref{Root: naming.Param, Index: 1, Name: "b", Path: []string{"mu"}}, "b.mu", "p1/mu"},
		// A lock promoted from a wrapper type is spelled as selected; one
		// embedded in the instance's own struct keeps its name.
		{naming.Ref{Root: naming.Param, Index: 0, Name: "s", Path: []string{"mu", "Mutex"}}, "s.mu", "p0/mu/Mutex"},
		{naming.Ref{Root: naming.Param, Index: 0, Name: "s", Path: []string{"inner", naming.Deref, "rw", "RWMutex"}}, "s.inner.rw", "p0/inner/*/rw/RWMutex"},
		{naming.Ref{Root: naming.Param, Index: 0, Name: "c", Path: []string{"Mutex"}}, "c.Mutex", "p0/Mutex"},
	} {
		if got := tc.ref.Spell("example.com/p"); got != tc.spell {
			t.Errorf("Spell(%v) = %q, want %q", tc.ref, got, tc.spell)
		}
		if got := tc.ref.Key(); got != tc.key {
			t.Errorf("Key(%v) = %q, want %q", tc.ref, got, tc.key)
		}
	}
	if got := naming.GlobalKey("example.com/p", "f()"); got != "g:example.com/p.f()" {
		t.Errorf("GlobalKey = %q, want g:example.com/p.f()", got)
	}
	a := naming.Ref{Root: naming.Param, Index: 0, Name: "a", Path: []string{"mu"}}
	b := naming.Ref{Root: naming.Param, Index: 1, Name: "b", Path: []string{"mu"}}
	if a.Key() == b.Key() {
		t.Errorf("a.mu and b.mu of two parameters share key %q", a.Key())
	}
}

func TestBeside(t *testing.T) {
	const d = naming.Deref
	ref := func(root naming.RootKind, path ...string) naming.Ref {
		return naming.Ref{Root: root, Path: path}
	}
	// The waiter's pair: c.done beside c.mu, off its receiver.
	done, mu := ref(naming.Param, "done", d), ref(naming.Param, "mu")
	for _, tc := range []struct {
		name string
		a, b naming.Ref
		want bool
	}{
		{"a method's receiver", ref(naming.Param, "done", d), ref(naming.Param, "mu"), true},
		{"a captured variable", ref(naming.FreeVar, d, "done", d), ref(naming.FreeVar, d, "mu"), true},
		{"a field's object", ref(naming.Param, "inner", d, "done", d), ref(naming.Param, "inner", d, "mu"), true},
		{"another object's lock", ref(naming.FreeVar, d, "done", d), ref(naming.FreeVar, d, "parent", d, "mu"), false},
		{"two roots", ref(naming.FreeVar, d, "done", d), ref(naming.Param, "mu"), false},
		{"another field", ref(naming.Param, "quit", d), ref(naming.Param, "mu"), false},
	} {
		if got := naming.Beside(tc.a, tc.b, done, mu); got != tc.want {
			t.Errorf("%s: Beside(%v, %v) = %v, want %v", tc.name, tc.a, tc.b, got, tc.want)
		}
	}
}

func TestWords(t *testing.T) {
	for name, want := range map[string]string{
		"GracefulStop":   "graceful stop",
		"closeAllLocked": "close all locked",
		"Closest":        "closest",
		"UnsafeLoad":     "unsafe load",
		"IterateUnsafe":  "iterate unsafe",
		"init":           "init",
		"HTTPServer":     "httpserver",
		"stop_now":       "stop now",
	} {
		if got := strings.Join(naming.Words(name), " "); got != want {
			t.Errorf("naming.Words(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestNamerConcurrent names the locals of one function from several
// goroutines at once, as sub-models and passes that run together do
// (a concurrent map write crashed gatevet on containerd); run it with
// -race to see more.
func TestNamerConcurrent(t *testing.T) {
	const src = `package p

type T struct{ n int }

func f(xs []*T) (s int) {
	for _, x := range xs {
		y := &T{n: x.n}
		s += y.n
	}
	return s
}
`
	fn := buildF(t, src)
	var values []ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if v, ok := instr.(ssa.Value); ok {
				values = append(values, v)
			}
		}
	}
	namer := naming.NewNamer(fn, naming.Identities{})
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				for _, v := range values {
					if r, ok := namer.Of(v); ok && r.Root == naming.Local {
						if namer.LocalValue(r) == nil || namer.TypeOf(r) == nil {
							t.Errorf("local %s has no value", r.Key())
						}
					}
				}
			}
		}()
	}
	wg.Wait()
}

// TestLocalNames checks that a value with no name of its own in SSA is
// named by the variable it initialises: a map lookup, with and without
// comma-ok, and a call's results.
func TestLocalNames(t *testing.T) {
	const src = `package p

type T struct{ n int }

func get() (*T, error) { return nil, nil }

func f(m map[int]*T) int {
	sub := m[1]
	got, ok := m[2]
	called, err := get()
	_, _ = ok, err
	return sub.n + got.n + called.n
}
`
	if s, want := localFieldBases(buildF(t, src)), "sub got called"; s != want {
		t.Errorf("names: %s, want %s", s, want)
	}
}

// TestIndexedNames checks that an element no variable holds is named by
// its index expression, not by a register of the SSA form.
func TestIndexedNames(t *testing.T) {
	const src = `package p

type T struct{ n int }

type G struct{ nodes []*T }

func f(g *G, m map[string]*T, i int) int {
	return g.nodes[i].n + m["k"].n
}
`
	if s, want := localFieldBases(buildF(t, src)), `g.nodes[i] m["k"]`; s != want {
		t.Errorf("elements spelled %q, want %q", s, want)
	}
}

// buildF builds package p from src and returns its function f.
func buildF(t *testing.T, src string) *ssa.Function {
	t.Helper()
	return ssatest.Build(t, src).Func("f")
}

// TestRangeNames checks that the value variable of a range is the name
// of what it ranges over, whatever the operand: a field, a slice
// literal, a call.
func TestRangeNames(t *testing.T) {
	const src = `package p

type T struct{ n int }

type S struct{ ts []*T }

func list() []*T { return nil }

func f(s *S, a, b *T) (n int) {
	for _, x := range s.ts {
		n += x.n
	}
	for _, y := range []*T{a, b} {
		n += y.n
	}
	for _, z := range list() {
		n += z.n
	}
	return n
}
`
	if s, want := localFieldBases(buildF(t, src)), "x y z"; s != want {
		t.Errorf("range values spelled %q, want %q", s, want)
	}
}

// TestWithin names an element a function looked up or ranged over
// through its container, when a caller can name the container: not an
// element of a slice the function made, nor a result of a call.
func TestWithin(t *testing.T) {
	const src = `package p

type T struct{ n int }

type S struct {
	ts   []*T
	byID map[int]*T
	set  map[*T]bool
}

func list() []*T { return nil }

func f(s *S, a, b *T, k int) (n int) {
	for _, x := range s.ts {
		n += x.n
	}
	for _, y := range []*T{a, b} {
		n += y.n
	}
	for _, z := range list() {
		n += z.n
	}
	n += s.byID[k].n
	for v := range s.set {
		n += v.n
	}
	for _, w := range s.byID {
		n += w.n
	}
	return n
}
`
	fn := buildF(t, src)
	namer := naming.NewNamer(fn, naming.Identities{})
	var got []string
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			fa, ok := instr.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			r, ok := namer.Of(fa.X)
			if !ok || r.Root != naming.Local {
				continue
			}
			w, ok := namer.Within(r.With("n"))
			if !ok {
				got = append(got, r.Spell("p")+":-")
				continue
			}
			got = append(got, r.Spell("p")+":"+w.Spell("p"))
		}
	}
	want := "x:s.ts[?].n y:- z:- s.byID[k]:s.byID[?].n v:s.set[?key].n w:s.byID[?].n"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("within:\n got %s\nwant %s", s, want)
	}
}

// localFieldBases spells, in block order, the local values fn selects
// a field of.
func localFieldBases(fn *ssa.Function) string {
	namer := naming.NewNamer(fn, naming.Identities{})
	var got []string
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if fa, ok := instr.(*ssa.FieldAddr); ok {
				if r, ok := namer.Of(fa.X); ok && r.Root == naming.Local {
					got = append(got, r.Spell("p"))
				}
			}
		}
	}
	return strings.Join(got, " ")
}

// TestOrigin sees through variables stored once, also when a closure
// only loads them, and not through one a closure assigns.
func TestOrigin(t *testing.T) {
	const src = `package p

type T struct{ n int }

func f(a, b *T) (int, int) {
	x := a
	func() { _ = x.n }()
	y := a
	func() { y = b }()
	return x.n, y.n
}
`
	fn := buildF(t, src)
	var loads []ssa.Value
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			if fa, ok := instr.(*ssa.FieldAddr); ok {
				if u, ok := fa.X.(*ssa.UnOp); ok {
					loads = append(loads, u)
				}
			}
		}
	}
	if len(loads) != 2 {
		t.Fatalf("found %d field loads, want 2", len(loads))
	}
	if got := naming.Origin(loads[0]); got != fn.Params[0] {
		t.Errorf("Origin(x) = %v, want the parameter a", got)
	}
	if got := naming.Origin(loads[1]); got != loads[1] {
		t.Errorf("Origin(y) = %v, want y's load itself: the closure assigns it", got)
	}
}

func TestCallerLocks(t *testing.T) {
	for name, want := range map[string]bool{
		"flushLocked":   true,
		"UnsafePut":     true,
		"IterateUnsafe": true,
		"lenUnsafe":     true,
		"Unlocked":      false,
		"unlockedReID":  true,
		"UnlockedGet":   true,
		"isUnlocked":    false,
		"UnsafeNot":     true,
		"safeLen":       false,
		"Iterate":       false,
	} {
		if got := naming.CallerLocks(name); got != want {
			t.Errorf("naming.CallerLocks(%q) = %v, want %v", name, got, want)
		}
	}
}

// TestReturnedClosure checks that calling the result of a function
// that returns a closure it makes runs that closure, its captured
// receiver bound to the caller's argument, and that a maker returning
// two literals resolves to neither.
func TestReturnedClosure(t *testing.T) {
	const src = `package p

type T struct{ n int }

var g int

func (t *T) track() func() {
	before := t.n
	return func() { g = t.n - before }
}

func (t *T) either(b bool) func() {
	if b {
		return func() { g = t.n }
	}
	return func() { g = 0 }
}

func f(a *T, b bool) {
	defer a.track()()
	a.either(b)()
}
`
	fn := buildF(t, src)
	var calls []*ssa.CallCommon
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				if _, ok := c.Common().Value.(*ssa.Call); ok {
					calls = append(calls, c.Common())
				}
			}
		}
	}
	if len(calls) != 2 {
		t.Fatalf("found %d calls of call results, want 2", len(calls))
	}
	cal, ok := naming.Resolve(calls[0])
	if !ok || cal.Fn.Name() != "track$1" {
		t.Fatalf("Resolve(a.track()()) = %v, %v; want track$1", cal.Fn, ok)
	}
	var recv naming.Ref
	for i, fv := range cal.Fn.FreeVars {
		if fv.Name() == "t" {
			recv = naming.Ref{Root: naming.FreeVar, Index: i, Name: "t", Path: []string{naming.Deref, "n"}}
		}
		if fv.Name() == "before" && cal.Bindings[i] != nil {
			t.Errorf("the maker's local before is bound to %v in the caller, want nil", cal.Bindings[i])
		}
	}
	got, ok := naming.NewNamer(fn, naming.Identities{}).Translate(recv, cal)
	if want := "p0/n"; !ok || got.Key() != want {
		t.Errorf("Translate(t.n) = %q, %v; want %q", got.Key(), ok, want)
	}
	if cal, ok := naming.Resolve(calls[1]); ok {
		t.Errorf("Resolve(a.either(b)()) = %v, want unresolved: two literals", cal.Fn)
	}
}

// TestResolveConverted resolves an interface method called on a value
// just put in the interface to the concrete method, with that value as
// the receiver; a method a value type gets through the pointer's method
// set (a wrapper), a generic type's, and an interface of unknown origin
// stay unresolved.
func TestResolveConverted(t *testing.T) {
	const src = `package p

type I interface{ M() int }

type T struct{ n int }

func (t *T) M() int { return t.n }

type V struct{}

func (V) M() int { return 0 }

type G[X any] struct{ x X }

func (g *G[X]) M() int { return 0 }

func f(t *T, v V, i I) int {
	var a I = t
	var b I = &v
	return a.M() + b.M() + i.M() + gen[int](nil)
}

func gen[X any](g *G[X]) int {
	var c I = g
	return c.M()
}
`
	pkg := ssatest.Build(t, src)
	var got []string
	for _, name := range []string{"f", "gen"} {
		for _, blk := range pkg.Func(name).Blocks {
			for _, instr := range blk.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok || !c.Common().IsInvoke() {
					continue
				}
				cal, ok := naming.Resolve(c.Common())
				switch {
				case !ok:
					got = append(got, "-")
				case len(cal.Args) == 0 || cal.Args[0] != c.Common().Value.(*ssa.MakeInterface).X:
					got = append(got, cal.Fn.String()+" (receiver not the converted value)")
				default:
					got = append(got, cal.Fn.String())
				}
			}
		}
	}
	if want := []string{"(*p.T).M", "-", "-", "-"}; !slices.Equal(got, want) {
		t.Errorf("Resolve of the interface calls = %q, want %q", got, want)
	}
}

// TestReturned checks that a return through a function's result slots
// (a function with defers) is seen as the value stored before it.
func TestReturned(t *testing.T) {
	pkg := ssatest.Build(t, `package p

func f(x int) (bool, error) {
	defer func() {}()
	if x > 0 {
		return true, nil
	}
	return false, nil
}

func g(x int) bool { return x > 0 }

func h(x int) (err error) {
	defer func() {
		if err == nil {
			err = commit()
		}
	}()
	err = nil
	return
}

func commit() error { return nil }
`)
	var got []string
	for _, name := range []string{"f", "g", "h"} {
		for _, b := range pkg.Func(name).Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
				for i := range ret.Results {
					got = append(got, name+":"+naming.Returned(ret, i).String())
				}
			}
		}
	}
	// The recover block's return loads what a deferred call may have
	// set: no store stands for it; nor for h's named result, which its
	// deferred closure may set.
	want := []string{"f:*t0", "f:*t1", "f:true:bool", "f:nil:error", "f:false:bool", "f:nil:error", "g:x > 0:int", "h:*t0", "h:*t0"}
	if !slices.Equal(got, want) {
		t.Errorf("Returned: got %q, want %q", got, want)
	}
}
