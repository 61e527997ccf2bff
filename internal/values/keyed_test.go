package values_test

import (
	"slices"
	"testing"

	"github.com/gatevet/gatevet/internal/ssatest"
	"github.com/gatevet/gatevet/internal/values"
)

func TestFindKeyed(t *testing.T) {
	pkg := ssatest.Build(t, `package p

import "maps"

type sub struct{ sid, owner int64 }

// conn.subs files each sub under its own sid: on insertion, or with
// the key stored into the sub beside it; copies and deletes keep it.
type conn struct {
	ssid int64
	subs map[int64]*sub
	seen map[int64]*sub
}

func newConn() *conn { return &conn{subs: make(map[int64]*sub)} }

func (c *conn) add(s *sub) { c.subs[s.sid] = s }

func (c *conn) renumber(s *sub) {
	delete(c.subs, s.sid)
	c.ssid++
	id := c.ssid
	c.subs[id] = s
	s.sid = id
}

func (c *conn) snapshot() map[int64]*sub { return maps.Clone(c.subs) }

// seen is filed under another field in one place.
func (c *conn) see(s *sub) {
	c.seen[s.sid] = s
	c.seen[s.owner] = s
}

// byKey is filed under any key.
type index struct{ byKey map[int64]*sub }

func (x *index) put(k int64, s *sub) { x.byKey[k] = s }

// handed goes to a function that may fill it.
type handed struct{ m map[int64]*sub }

func fill(m map[int64]*sub) { m[0] = nil }

func (h *handed) give() { fill(h.m) }

// Exported is filled by other packages as they like.
type open struct{ Subs map[int64]*sub }

func (o *open) add(s *sub) { o.Subs[s.sid] = s }
`)
	k := values.FindKeyed(pkg, ssatest.Funcs(pkg))
	var got []string
	for m, key := range k {
		got = append(got, m.Name()+">"+key.Name())
	}
	slices.Sort(got)
	want := []string{"subs>sid"}
	if !slices.Equal(got, want) {
		t.Errorf("FindKeyed = %v, want %v", got, want)
	}
}
