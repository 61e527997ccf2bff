package values_test

import (
	"slices"
	"testing"

	"github.com/gatevet/gatevet/internal/ssatest"
	"github.com/gatevet/gatevet/internal/values"
)

func TestFindBacks(t *testing.T) {
	pkg := ssatest.Build(t, `package p

import "sync"

// store.idx.s is the store: made with it, in place or by newIndex.
type store struct {
	mu  sync.Mutex
	idx *index
	log *index
}

type index struct{ s *store }

func newIndex(s *store) *index { return &index{s: s} }

func newStore() *store {
	s := &store{}
	s.idx = &index{s: s}
	s.log = newIndex(s)
	return s
}

func (s *store) reset() { s.idx = nil }

// shared.p.s need not be the owner: a part is handed over.
type shared struct{ p *part }

type part struct{ s *shared }

func (a *shared) give(b *shared) { b.p = a.p }

// moved.p.m is set again after the part is made.
type moved struct{ p *piece }

type piece struct{ m *moved }

func newMoved() *moved {
	m := &moved{}
	m.p = &piece{m: m}
	return m
}

func (p *piece) to(m *moved) { p.m = m }

// copied values of the owner exist.
type copied struct{ q *bit }

type bit struct{ c *copied }

func newCopied() copied {
	c := &copied{}
	c.q = &bit{c: c}
	return *c
}

// other.x.o is a different owner.
type other struct{ x *cross }

type cross struct{ o *other }

func newOther(o2 *other) *other {
	o := &other{}
	o.x = &cross{o: o2}
	return o
}

// Exported owners without a lock may be copied elsewhere.
type Open struct{ k *key }

type key struct{ o *Open }

func NewOpen() *Open {
	o := &Open{}
	o.k = &key{o: o}
	return o
}

// An exported part the package never hands out: no other package holds
// one to overwrite.
type Table struct {
	mu   sync.Mutex
	view *View
}

type View struct{ t *Table }

func NewTable() *Table {
	t := &Table{}
	t.view = &View{t: t}
	return t
}

func (v *View) Len() int { return 0 }

// An exported part the package hands out, by a method's result: *Shelf
// = *other's shelf would point it at another library.
type Library struct {
	mu    sync.Mutex
	shelf *Shelf
}

type Shelf struct{ l *Library }

func NewLibrary() *Library {
	l := &Library{}
	l.shelf = &Shelf{l: l}
	return l
}

func (l *Library) Shelf() *Shelf { return l.shelf }

// ... or by a function whose result's type is an alias of *Slot.
type Rack struct {
	mu   sync.Mutex
	slot *Slot
}

type Slot struct{ r *Rack }

type SlotRef = *Slot

func NewRack() *Rack {
	r := &Rack{}
	r.slot = &Slot{r: r}
	return r
}

func First(r *Rack) SlotRef { return r.slot }

// ... or to a callback the package calls with one.
type Desk struct {
	mu     sync.Mutex
	drawer *Drawer
	Each   func(func(*Drawer))
}

type Drawer struct{ d *Desk }

func NewDesk() *Desk {
	d := &Desk{}
	d.drawer = &Drawer{d: d}
	return d
}
`)
	b := values.FindBacks(pkg, ssatest.Funcs(pkg))
	var got []string
	for c, k := range b {
		got = append(got, c.Name()+">"+k.Name())
	}
	slices.Sort(got)
	want := []string{"idx>s", "log>s", "view>t"}
	if !slices.Equal(got, want) {
		t.Errorf("FindBacks = %v, want %v", got, want)
	}
}
