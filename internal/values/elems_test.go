package values

import (
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/ssatest"
)

const elemSrc = `package p

import "container/list"

type req struct{ n int }

type marker struct{}

type namer interface{ name() string }

func (*req) name() string { return "req" }

// queue's list holds only *req: its assertions succeed.
type queue struct{ items *list.List }

func newQueue() *queue { return &queue{items: list.New()} }

func (q *queue) push(r *req) { q.items.PushFront(r) }

func (q *queue) pop() int {
	e := q.items.Front()
	q.items.Remove(e)
	r, ok := e.Value.(*req)
	if !ok {
		return -1
	}
	return r.n
}

func (q *queue) each() int {
	n := 0
	for e := q.items.Front(); e != nil; e = e.Next() {
		if r, ok := e.Value.(*req); ok {
			n += r.n
		}
	}
	return n
}

func (q *queue) named() string {
	if r, ok := q.items.Back().Value.(namer); ok {
		return r.name()
	}
	return ""
}

// byValue keeps the list itself.
type byValue struct{ items list.List }

func (b *byValue) push(r *req) { b.items.PushBack(r) }

func (b *byValue) pop() int {
	if r, ok := b.items.Front().Value.(*req); ok {
		return r.n
	}
	return -1
}

// mixed pushes a marker too.
type mixed struct{ items *list.List }

func (m *mixed) push(r *req) {
	m.items.PushBack(r)
	m.items.PushBack(marker{})
}

func (m *mixed) pop() int {
	if r, ok := m.items.Front().Value.(*req); ok {
		return r.n
	}
	return -1
}

// leaked hands its list out: anyone may push into it.
type leaked struct{ items *list.List }

func (l *leaked) push(r *req)       { l.items.PushBack(r) }
func (l *leaked) list() *list.List { return l.items }

func (l *leaked) pop() int {
	if r, ok := l.items.Front().Value.(*req); ok {
		return r.n
	}
	return -1
}

// seeded pushes a marker into its list before storing it.
type seeded struct{ items *list.List }

func newSeeded() *seeded {
	l := list.New()
	l.PushBack(marker{})
	return &seeded{items: l}
}

func (s *seeded) push(r *req) { s.items.PushBack(r) }

func (s *seeded) pop() int {
	if r, ok := s.items.Front().Value.(*req); ok {
		return r.n
	}
	return -1
}

// reinit pushes a marker through Init's result.
type reinit struct{ items list.List }

func (q *reinit) push(r *req) { q.items.PushBack(r) }
func (q *reinit) reset()      { q.items.Init().PushBack(marker{}) }

func (q *reinit) pop() int {
	if r, ok := q.items.Front().Value.(*req); ok {
		return r.n
	}
	return -1
}

// generic asserts to a type parameter.
type ints struct{ items list.List }

func (g *ints) push(n int) { g.items.PushBack(n) }

func get[T any](g *ints) T {
	v, ok := g.items.Front().Value.(T)
	if !ok {
		var z T
		return z
	}
	return v
}

// handed pushes what it is given as an interface.
type handed struct{ items *list.List }

func (h *handed) push(v any) { h.items.PushBack(v) }

func (h *handed) pop() int {
	if r, ok := h.items.Front().Value.(*req); ok {
		return r.n
	}
	return -1
}
`

// TestElemTypes checks which comma-ok assertions on list elements a
// list field's one element type decides.
func TestElemTypes(t *testing.T) {
	pkg := ssatest.Build(t, elemSrc)
	et := findElemTypes(ssatest.Funcs(pkg))
	for _, c := range []struct {
		typ, fn string
		want    bool
	}{
		{"queue", "pop", true},
		{"queue", "each", true},
		{"queue", "named", true},
		{"byValue", "pop", true},
		{"mixed", "pop", false},
		{"leaked", "pop", false},
		{"handed", "pop", false},
		{"seeded", "pop", false},
		{"reinit", "pop", false},
	} {
		val, ok := et.decides(assertOK(t, methodOf(pkg, c.typ, c.fn)))
		if got := ok && val; got != c.want {
			t.Errorf("%s.%s: assertion decided %v, want %v", c.typ, c.fn, got, c.want)
		}
	}
	if _, ok := et.decides(assertOK(t, pkg.Func("get"))); ok {
		t.Error("an assertion to a type parameter decided")
	}
	stored := ssatest.Build(t, elemSrc+`
func relabel(e *list.Element) { e.Value = marker{} }
`)
	if et := findElemTypes(ssatest.Funcs(stored)); len(et.of) != 0 {
		t.Errorf("with an element's Value stored, list fields known: %v", et.of)
	}
}

// assertOK returns the ok result of fn's one comma-ok assertion.
func assertOK(t *testing.T, fn *ssa.Function) ssa.Value {
	t.Helper()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if ex, ok := instr.(*ssa.Extract); ok && ex.Index == 1 {
				if _, ok := ex.Tuple.(*ssa.TypeAssert); ok {
					return ex
				}
			}
		}
	}
	t.Fatalf("%s: no comma-ok assertion", fn.Name())
	return nil
}
