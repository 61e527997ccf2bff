package facts

import (
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/ssatest"
)

// TestTable derives summaries over a call cycle, and checks that each
// function is derived once, callees first, that the function on the
// cycle sees the zero summary, that Finish exports the exported
// functions' summaries only and seals the table, and that another
// package's function has the summary its fact carries, and that the
// functions on the cycle, and only they, are said cut short.
func TestTable(t *testing.T) {
	pkg := ssatest.Build(t, `package p
func A() { b() }
func b() { c(); A() }
func c() {}
func Quiet() {}
`)
	derived := map[string]int{}
	var exported *notes
	pass := &analysis.Pass{
		Pkg:               pkg.Pkg,
		ExportPackageFact: func(f analysis.Fact) { exported = f.(*notes) },
		ImportPackageFact: func(p *types.Package, f analysis.Fact) bool {
			if p == pkg.Pkg {
				return false
			}
			f.(*notes).add(p.Scope().Lookup("F").(*types.Func), &note{Text: "from " + p.Name()})
			return true
		},
	}
	var tab *Table[string, note]
	tab = NewTable[notes](pass, Spec[string, note]{
		Derive: spelling(&tab, pkg, derived),
		Export: func(s string) (*note, bool) { return &note{Text: s}, s != "Quiet" },
		Import: func(f *note) string { return f.Text },
	})
	var fns []*ssa.Function
	for _, name := range []string{"A", "b", "c", "Quiet"} {
		fns = append(fns, pkg.Func(name))
	}
	tab.Finish(fns)
	if got := tab.Of(pkg.Func("A")); got != "A(b(c)())" {
		t.Errorf("A: got %q, want the cycle cut at A's second visit", got)
	}
	if got := tab.Of(pkg.Func("b")); got != "b(c)()" {
		t.Errorf("b: got %q, want b derived once, on the cycle from A", got)
	}
	for name, short := range map[string]bool{"A": true, "b": true, "c": false, "Quiet": false} {
		if got := tab.CutShort(pkg.Func(name)); got != short {
			t.Errorf("CutShort(%s) = %v, want %v (the cycle runs through A and b only)", name, got, short)
		}
	}
	for name, n := range derived {
		if n != 1 {
			t.Errorf("%s derived %d times", name, n)
		}
	}
	if exported == nil {
		t.Fatal("Finish exported no book")
	}
	var keys []string
	for _, e := range exported.entries() {
		keys = append(keys, e.Key+"="+e.Fact.Text)
	}
	if got, want := strings.Join(keys, " "), "A=A(b(c)())"; got != want {
		t.Errorf("exported %q, want %q (b and c are unexported, Quiet's fact says nothing)", got, want)
	}
	init := pkg.Func("init")
	if got := tab.Of(init); got != "" || derived["init"] != 0 {
		t.Errorf("after Finish, Of derived init: %q", got)
	}
	other := typecheck(t, "package p\nfunc F() {}") // another package p
	prog := ssa.NewProgram(token.NewFileSet(), 0)
	q := prog.CreatePackage(other, nil, nil, true)
	q.Build()
	if got := tab.Of(q.Func("F")); got != "from p" {
		t.Errorf("imported: got %q, want from p", got)
	}
	if !slices.Equal(fns, []*ssa.Function{pkg.Func("A"), pkg.Func("b"), pkg.Func("c"), pkg.Func("Quiet")}) {
		t.Error("Finish changed its argument")
	}
}

// TestSettle derives a call cycle again after the first round: the
// function met on the cycle stands for its first summary, so what A does
// reaches b, and D, which read A's cut summary, is derived again too;
// c, off the cycle, and Quiet are derived once.
func TestSettle(t *testing.T) {
	pkg := ssatest.Build(t, `package p
func A() { b() }
func b() { c(); A() }
func c() {}
func D() { A() }
func Quiet() {}
`)
	derived := map[string]int{}
	var tab *Table[string, note]
	tab = NewTable[notes](&analysis.Pass{Pkg: pkg.Pkg}, Spec[string, note]{
		Derive: spelling(&tab, pkg, derived),
	})
	var fns []*ssa.Function
	for _, name := range []string{"A", "b", "c", "D", "Quiet"} {
		fns = append(fns, pkg.Func(name))
	}
	tab.Settle(fns)
	for name, want := range map[string]string{
		"A":     "A(b(c)(A(b(c)())))",
		"b":     "b(c)(A(b(c)()))",
		"c":     "c",
		"D":     "D(A(b(c)(A(b(c)()))))",
		"Quiet": "Quiet",
	} {
		if got := tab.Of(pkg.Func(name)); got != want {
			t.Errorf("%s: got %q, want %q", name, got, want)
		}
	}
	for name, n := range map[string]int{"A": 2, "b": 2, "c": 1, "D": 2, "Quiet": 1} {
		if derived[name] != n {
			t.Errorf("%s derived %d times, want %d", name, derived[name], n)
		}
	}
	if !tab.CutShort(pkg.Func("A")) || tab.CutShort(pkg.Func("D")) {
		t.Error("CutShort: want A (on the cycle) and not D (a caller of it)")
	}
}

// spelling derives a function of pkg as its name followed by its static
// callees' summaries, each in parentheses, reading them from *tab, and
// counts the derivations in derived.
func spelling(tab **Table[string, note], pkg *ssa.Package, derived map[string]int) func(*ssa.Function) (string, bool) {
	return func(fn *ssa.Function) (string, bool) {
		if fn.Pkg != pkg {
			return "", false
		}
		derived[fn.Name()]++
		var parts []string
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok && call.Call.StaticCallee() != nil {
					parts = append(parts, "("+(*tab).Of(call.Call.StaticCallee())+")")
				}
			}
		}
		return fn.Name() + strings.Join(parts, ""), true
	}
}
