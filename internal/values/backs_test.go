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

// A map of parts each made for its owner, in place or by a constructor.
type fleet struct {
	mu    sync.RWMutex
	ships map[int]*ship
}

type ship struct{ f *fleet }

func newShip(f *fleet) *ship { return &ship{f: f} }

func newFleet() *fleet {
	f := &fleet{ships: make(map[int]*ship)}
	f.ships[1] = &ship{f: f}
	f.ships[2] = newShip(f)
	return f
}

func (f *fleet) sink(id int) {
	delete(f.ships, id)
	if len(f.ships) == 0 {
		f.ships = nil
	}
	for _, s := range f.ships {
		_ = s
	}
}

// A map given a part made for another owner.
type port struct{ boats map[int]*boat }

type boat struct{ p *port }

func (p *port) moor(q *port) { p.boats[0] = &boat{p: q} }

// A map given a part from elsewhere.
type yard struct{ cranes map[int]*crane }

type crane struct{ y *yard }

func (y *yard) take(c *crane) { y.cranes[0] = c }

// A map handed to a function, which may fill it.
type depot struct{ trucks map[int]*truck }

type truck struct{ d *depot }

func fill(m map[int]*truck) {}

func (d *depot) load() { fill(d.trucks) }

// A map stored from elsewhere.
type dock struct{ bays map[int]*bay }

type bay struct{ d *dock }

func (d *dock) set(m map[int]*bay) { d.bays = m }

// One part made before a loop and given to each owner in turn: its
// back field is the last owner's.
type ring struct {
	mu    sync.Mutex
	bells map[int]*bell
	tower *bell
}

type bell struct{ r *ring }

func hang(rs []*ring) {
	b := &bell{}
	for _, r := range rs {
		b.r = r
		r.bells[0] = b
		r.tower = b
	}
}

// A map made once and stored into an owner and a package variable,
// which is filled with another owner's parts.
type club struct{ guests map[int]*guest }

type guest struct{ c *club }

var doorList map[int]*guest

func open2(a, b *club) {
	m := make(map[int]*guest)
	a.guests = m
	doorList = m
	doorList[1] = &guest{c: b}
}

// An exported owner holding its lock inside a struct field, whose
// exported part only an exported method of an unexported type takes,
// a type no other package can hold.
type Shop struct {
	items map[int]*Item
	q     *queue
	mu    struct{ sync.RWMutex }
}

type Item struct{ shop *Shop }

type queue struct{}

func (q *queue) Add(it *Item) {}

func NewShop() *Shop {
	s := &Shop{items: make(map[int]*Item), q: &queue{}}
	s.items[1] = &Item{shop: s}
	return s
}

// The same, but the unexported type is handed out: another package may
// call Add with any *Stall it has, or overwrite one.
type Market struct {
	stalls map[int]*Stall
	b      *booth
	mu     struct{ sync.RWMutex }
}

type Stall struct{ m *Market }

type booth struct{}

func (b *booth) Add(s *Stall) {}

func NewBooth() *booth { return &booth{} }

func NewMarket() *Market {
	m := &Market{stalls: make(map[int]*Stall), b: &booth{}}
	m.stalls[1] = &Stall{m: m}
	return m
}

// A map literal made with a part in it.
type hive struct{ bees map[int]*bee }

type bee struct{ h *hive }

func newHive(other *hive) *hive {
	h := &hive{}
	h.bees = map[int]*bee{0: {h: other}}
	return h
}
`)
	b := values.FindBacks(pkg, ssatest.Funcs(pkg))
	var got []string
	for c, k := range b {
		got = append(got, c.Name()+">"+k.Name())
	}
	slices.Sort(got)
	want := []string{"idx>s", "items>shop", "log>s", "ships>f", "view>t"}
	if !slices.Equal(got, want) {
		t.Errorf("FindBacks = %v, want %v", got, want)
	}
}
