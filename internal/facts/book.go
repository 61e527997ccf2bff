package facts

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"go/types"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// A Book carries one analyzer's facts about a package's functions to
// the packages that import it, as one package fact rather than one
// object fact each. Both drivers, go vet's and standalone gatevet's,
// copy every fact of a package's dependency closure into the package's
// own facts, and every importer decodes all of them: with a fact per
// function, decoding was a tenth of a standalone run over grpc, for
// facts hardly any importer looked at. A book read from a file keeps
// its bytes, writes them out again as they are, and decodes them on its
// first lookup; copies of a book share that.
//
// Each analyzer declares its own book type, which embeds Book (a fact
// type belongs to one analyzer): the gate model's is gate.FuncFacts.
type Book[F any] struct{ s *bookState[F] }

type bookState[F any] struct {
	raw     []byte // as read; nil for a book made in this run
	once    sync.Once
	entries map[string]*F
	err     error
}

// bookEntry is a book's encoded entry.
type bookEntry[F any] struct {
	Key  string
	Fact *F
}

// Kind is an analyzer's book type: a package fact embedding Book.
type Kind[F any] interface {
	analysis.Fact
	book() *Book[F]
}

func (b *Book[F]) book() *Book[F] { return b }

// add records f as the fact of fn, a function of the package under
// analysis.
func (b *Book[F]) add(fn *types.Func, f *F) {
	if b.s == nil {
		b.s = &bookState[F]{entries: make(map[string]*F)}
	}
	b.s.entries[funcKey(fn)] = f
}

// find returns the fact recorded under key.
func (b *Book[F]) find(key string) (*F, bool) {
	if !b.decode() {
		return nil, false
	}
	f, ok := b.s.entries[key]
	return f, ok
}

// decode decodes a book read from a file, once; false for an empty book
// and for one that cannot be read, which says nothing.
func (b *Book[F]) decode() bool {
	s := b.s
	if s == nil {
		return false
	}
	if s.raw != nil {
		s.once.Do(func() {
			var es []bookEntry[F]
			s.err = gob.NewDecoder(bytes.NewReader(s.raw)).Decode(&es)
			s.entries = make(map[string]*F, len(es))
			for _, e := range es {
				s.entries[e.Key] = e.Fact
			}
		})
	}
	return s.err == nil
}

// GobEncode writes the book's entries in key order, or the bytes it was
// read as.
func (b *Book[F]) GobEncode() ([]byte, error) {
	if b.s == nil {
		return nil, nil
	}
	if b.s.raw != nil {
		return b.s.raw, nil
	}
	var buf bytes.Buffer
	err := gob.NewEncoder(&buf).Encode(b.entries())
	return buf.Bytes(), err
}

// GobDecode keeps p, to be decoded on the first lookup.
func (b *Book[F]) GobDecode(p []byte) error {
	b.s = &bookState[F]{raw: bytes.Clone(p)}
	return nil
}

// entries lists the book's entries in key order.
func (b *Book[F]) entries() []bookEntry[F] {
	if !b.decode() {
		return nil
	}
	es := make([]bookEntry[F], 0, len(b.s.entries))
	for k, f := range b.s.entries {
		es = append(es, bookEntry[F]{k, f})
	}
	slices.SortFunc(es, func(x, y bookEntry[F]) int { return strings.Compare(x.Key, y.Key) })
	return es
}

// String lists the entries, "key: fact", in key order.
func (b *Book[F]) String() string {
	var parts []string
	for _, e := range b.entries() {
		parts = append(parts, e.Key+": "+fmt.Sprint(e.Fact))
	}
	return strings.Join(parts, "; ")
}

// export exports book as the package's fact of its kind, unless it is
// empty. Call it once, when every fact has been added.
func export[F any](pass *analysis.Pass, book Kind[F]) {
	if b := book.book(); b.s != nil && len(b.s.entries) > 0 {
		pass.ExportPackageFact(book)
	}
}

// lookup returns the fact of fn (its generic origin), a function of
// another package, from that package's book of facts' kind, which it
// reads into facts; false for pass's own functions and for functions
// without one.
func lookup[F any](pass *analysis.Pass, fn *ssa.Function, facts Kind[F]) (*F, bool) {
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Pkg() == pass.Pkg || !pass.ImportPackageFact(obj.Pkg(), facts) {
		return nil, false
	}
	f, ok := facts.book().find(funcKey(obj))
	if !ok {
		return nil, false
	}
	if l, ok := any(f).(Loader); ok && l.Load() != nil {
		return nil, false // a fact that cannot be read says nothing
	}
	return f, true
}

// funcKey names a package-level function, or a method as Type.Method,
// within its package.
func funcKey(fn *types.Func) string {
	fn = fn.Origin()
	recv := fn.Signature().Recv()
	if recv == nil {
		return fn.Name()
	}
	t := types.Unalias(recv.Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name() + "." + fn.Name()
	}
	return fn.FullName()
}
