package values_test

import (
	"go/types"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gatevet/gatevet/internal/ssatest"
	"github.com/gatevet/gatevet/internal/values"
)

func TestFindMade(t *testing.T) {
	pkg := ssatest.Build(t, `package p

import "sync"

type conn struct{ mu sync.Mutex }

// encoder.c is set when newEncoder makes it, and never after; so is
// its w, from a parameter captured by a closure.
type encoder struct {
	c    *conn
	w    *conn
	hook func()
}

func newEncoder(c, w *conn) *encoder {
	e := &encoder{c: c, w: w}
	e.hook = func() { _ = w }
	return e
}

// rebound.c is set again after it is made.
type rebound struct{ c *conn }

func newRebound(c *conn) *rebound { return &rebound{c: c} }

func (r *rebound) rebind(c *conn) { r.c = c }

// reset.c is overwritten as a whole struct.
type reset struct{ c *conn }

func newReset(c *conn) *reset { return &reset{c: c} }

func (r *reset) clear() { *r = reset{} }

// picked.c comes from no parameter.
type picked struct{ c *conn }

var global conn

func newPicked() *picked { return &picked{c: &global} }

// Exported types without a lock may be overwritten elsewhere: their
// fields are not fixed, but NewOpen(c).c is still c.
type Open struct{ c *conn }

func NewOpen(c *conn) *Open { return &Open{c: c} }

// A handle gets the lock it will unlock from its maker's receiver, and
// is returned as an interface: closer.m is what s.in.Locker held.
type session struct {
	in struct{ sync.Locker }
}

type closer struct{ m sync.Locker }

func (c *closer) Close() error { c.m.Unlock(); return nil }

func (s *session) reader() interface{ Close() error } {
	s.in.Lock()
	return &closer{m: s.in.Locker}
}

// command.enc is assigned once, on a command begin allocates, and
// otherwise only cleared.
type command struct{ enc *encoder }

func begin(c *conn) *command {
	cmd := &command{}
	cmd.enc = newEncoder(c, c)
	return cmd
}

func (cmd *command) close() { cmd.enc = nil }

// twice.enc is also set on an object its function did not allocate;
// taken.enc's address escapes.
type twice struct{ enc *encoder }

func (t *twice) a(c *conn) { t.enc = newEncoder(c, c) }

func newTwice(c *conn) *twice { return &twice{enc: newEncoder(c, c)} }

type taken struct{ enc *encoder }

func newTaken(c *conn) *taken {
	t := &taken{enc: newEncoder(c, c)}
	fill(&t.enc)
	return t
}

func fill(p **encoder) { *p = nil }

// state.c is set by a composite literal that SSA builds apart and copies
// whole into its variable: the variable's making, fixed.
type state struct{ c *conn }

func (s *state) use() {}

func run(c *conn) {
	hs := state{c: c}
	hs.use()
}

// moved.c is set by such a literal, and then again on the same
// variable; again.c by a second literal copied over the first.
type moved struct{ c *conn }

func (m *moved) use() {}

func move(a, b *conn) {
	hs := moved{c: a}
	hs.use()
	hs.c = b
	hs.use()
}

type again struct{ c *conn }

func (g *again) use() {}

func twiceOver(a, b *conn) {
	hs := again{c: a}
	hs.use()
	hs = again{c: b}
	hs.use()
}
`)
	m := values.FindMade(pkg, ssatest.Funcs(pkg))
	var got, fixed, assigned []string
	for _, name := range pkg.Pkg.Scope().Names() {
		tn, ok := pkg.Pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for f := range st.Fields() {
			if m.Fixed(f) {
				fixed = append(fixed, name+"."+f.Name())
			}
			if m.Assigned(f) {
				assigned = append(assigned, name+"."+f.Name())
			}
			for _, fn := range ssatest.Funcs(pkg) {
				if src, ok := m.Param(fn, f); ok {
					got = append(got, fn.Name()+"."+f.Name()+"="+strings.Join(append([]string{strconv.Itoa(src.Param)}, src.Path...), "."))
				}
			}
		}
	}
	slices.Sort(got)
	if want := []string{"NewOpen.c=0", "newEncoder.c=0", "newEncoder.w=1", "reader.m=0.in.Locker.*"}; !slices.Equal(got, want) {
		t.Errorf("made = %v, want %v", got, want)
	}
	slices.Sort(fixed)
	if want := []string{"closer.m", "encoder.c", "encoder.hook", "encoder.w", "picked.c", "state.c"}; !slices.Equal(fixed, want) {
		t.Errorf("fixed = %v, want %v", fixed, want)
	}
	slices.Sort(assigned)
	if want := []string{"closer.m", "command.enc", "encoder.c", "encoder.hook", "encoder.w", "picked.c", "state.c"}; !slices.Equal(assigned, want) {
		t.Errorf("assigned = %v, want %v", assigned, want)
	}
}
