package facts

import (
	"bytes"
	"encoding/gob"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// note is a fact for the tests: a string, encoded compactly and decoded
// on Load, as the models' facts are.
type note struct {
	Text string
	lazy *Lazy[string]
}

func (n *note) GobEncode() ([]byte, error) {
	return Encode(n.lazy, n.Text, func(e *Encoder, s string) { e.Str(s) }), nil
}

func (n *note) GobDecode(b []byte) error {
	n.lazy = NewLazy[string](b)
	return nil
}

func (n *note) Load() error { return Load(n.lazy, &n.Text, (*Decoder).Str) }

func (n *note) String() string { return "note(" + n.Text + ")" }

// notes is the tests' book type.
type notes struct{ Book[note] }

func (*notes) AFact() {}

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
	var book notes
	book.add(obj("T", "Lock"), &note{Text: "a"})
	book.add(obj("T", "Unlock"), &note{Text: "b"})
	book.add(obj("G", "Do"), &note{Text: "c"})
	book.add(obj("", "Lock"), &note{Text: "d"})

	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(&book); err != nil {
		t.Fatal(err)
	}
	encoded := bytes.Clone(buf.Bytes())
	var got notes
	if err := gob.NewDecoder(&buf).Decode(&got); err != nil {
		t.Fatal(err)
	}
	if got.s.entries != nil {
		t.Error("the book was decoded before its first lookup")
	}
	copied := got // as Pass.ImportPackageFact copies it
	for key, want := range map[string]string{"T.Lock": "a", "T.Unlock": "b", "G.Do": "c", "Lock": "d"} {
		f, ok := copied.find(key)
		if !ok {
			t.Errorf("%s: no fact", key)
			continue
		}
		if f.Text != "" {
			t.Errorf("%s: the fact was decoded before Load", key)
		}
		if err := f.Load(); err != nil || f.Text != want {
			t.Errorf("%s: %v, %v; want %s", key, f, err, want)
		}
	}
	if _, ok := copied.find("T.Do"); ok {
		t.Error("a fact for a function the book does not hold")
	}
	if got.s.entries == nil {
		t.Error("a copy of the book decoded its own entries, not the original's")
	}
	if s, want := got.String(), "G.Do: note(c); Lock: note(d); T.Lock: note(a); T.Unlock: note(b)"; s != want {
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
	var book notes
	if err := book.GobDecode([]byte("not a book")); err != nil {
		t.Fatal(err)
	}
	if f, ok := book.find("Lock"); ok {
		t.Errorf("an unreadable book gave %v", f)
	}
}

// TestDecoderTruncated checks that a cut fact is an error, not a panic
// or a silently short value.
func TestDecoderTruncated(t *testing.T) {
	b, _ := (&note{Text: "mu"}).GobEncode()
	for n := 0; n < len(b); n++ {
		g := &note{lazy: NewLazy[string](b[:n])}
		if g.Load() == nil {
			t.Errorf("%d of %d bytes decoded without error", n, len(b))
		}
	}
	g := &note{lazy: NewLazy[string](append(bytes.Clone(b), 0))}
	if g.Load() == nil {
		t.Error("trailing bytes decoded without error")
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
