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
`)
	b := values.FindBacks(pkg, ssatest.Funcs(pkg))
	var got []string
	for c, k := range b {
		got = append(got, c.Name()+">"+k.Name())
	}
	slices.Sort(got)
	want := []string{"idx>s", "log>s"}
	if !slices.Equal(got, want) {
		t.Errorf("FindBacks = %v, want %v", got, want)
	}
}
