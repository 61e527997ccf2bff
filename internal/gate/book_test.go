package gate

import (
	"bytes"
	"encoding/gob"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"github.com/gatevet/gatevet/internal/naming"
)

// TestBookRoundTrip writes a book through gob, as both drivers write a
// package fact, reads it back, and checks that it is decoded on its
// first lookup only, and written out again as it was read.
func TestBookRoundTrip(t *testing.T) {
	pkg := typecheck(t, `package p
type T struct{}
func (*T) Lock() {}
func (T) Unlock() {}
type G[E any] struct{}
func (*G[E]) Do() {}
func Lock() {}
`)
	obj := func(recv, name string) *types.Func {
		if recv == "" {
			return pkg.Scope().Lookup(name).(*types.Func)
		}
		m, _, _ := types.LookupFieldOrMethod(pkg.Scope().Lookup(recv).Type(), true, pkg, name)
		return m.(*types.Func)
	}
	held := func(name string) *FuncFact {
		return &FuncFact{Summary: Summary{Holds: []GateOp{{Gate: naming.Ref{Root: naming.Global, Pkg: "p", Name: name}}}}}
	}
	var facts FuncFacts
	facts.Add(obj("T", "Lock"), held("a"))
	facts.Add(obj("T", "Unlock"), held("b"))
	facts.Add(obj("G", "Do"), held("c"))
	facts.Add(obj("", "Lock"), held("d"))

	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(&facts); err != nil {
		t.Fatal(err)
	}
	encoded := bytes.Clone(buf.Bytes())
	var got FuncFacts
	if err := gob.NewDecoder(&buf).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if got.s.entries != nil {
		t.Error("the book was decoded before its first lookup")
	}
	copied := got // as Pass.ImportPackageFact copies it
	for key, want := range map[string]string{"T.Lock": "a", "T.Unlock": "b", "G.Do": "c", "Lock": "d"} {
		f, ok := copied.lookup(key)
		if !ok {
			t.Errorf("%s: no fact", key)
			continue
		}
		if err := f.Load(); err != nil || f.Holds[0].Gate.Name != want {
			t.Errorf("%s: %v, %v; want holds %s", key, f, err, want)
		}
	}
	if _, ok := copied.lookup("T.Do"); ok {
		t.Error("a fact for a function the book does not hold")
	}
	if got.s.entries == nil {
		t.Error("a copy of the book decoded its own entries, not the original's")
	}
	if s, want := got.String(), "G.Do: gates(holds g:p.c); Lock: gates(holds g:p.d); T.Lock: gates(holds g:p.a); T.Unlock: gates(holds g:p.b)"; s != want {
		t.Errorf("String:\n got %s\nwant %s", s, want)
	}
	var again bytes.Buffer
	if err := gob.NewEncoder(&again).Encode(&got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again.Bytes(), encoded) {
		t.Error("a book read and written again changed")
	}
}

// TestBookUnreadable checks that a book that cannot be read holds
// nothing, rather than failing the run.
func TestBookUnreadable(t *testing.T) {
	var facts FuncFacts
	if err := facts.GobDecode([]byte("not a book")); err != nil {
		t.Fatal(err)
	}
	if f, ok := facts.lookup("Lock"); ok {
		t.Errorf("an unreadable book gave %v", f)
	}
}

func typecheck(t *testing.T, src string) *types.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.Default()}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}
