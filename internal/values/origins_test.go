package values_test

import (
	"maps"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/ssatest"
	"github.com/gatevet/gatevet/internal/values"
)

func TestFindOrigins(t *testing.T) {
	pkg := ssatest.Build(t, `package p

import "sync"

const (
	leaf = iota + 1
	gateway
)

type conn struct {
	mu   sync.Mutex
	kind int
}

type server struct {
	mu    sync.Mutex
	out   map[string]*conn
	outo  []*conn
	leafs map[int]*conn
	any   []*conn
}

func (s *server) createGateway(name string) {
	c := &conn{kind: gateway}
	s.register(name, c)
	s.any = append(s.any, c)
}

func (s *server) createLeaf(id int) {
	c := &conn{kind: leaf}
	s.mu.Lock()
	s.leafs[id] = c
	s.any = append(s.any, c)
	s.mu.Unlock()
	c.processLeaf(s)
}

func (s *server) register(name string, gwc *conn) {
	s.mu.Lock()
	s.out[name] = gwc
	s.outo = append(s.outo, gwc)
	s.mu.Unlock()
}

func (s *server) outbound(into *[]*conn) {
	for _, c := range s.outo {
		*into = append(*into, c)
	}
}

// gw: a gateway connection, out of a helper's slice.
func (c *conn) processLeaf(s *server) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var gws []*conn
	s.outbound(&gws)
	for _, gw := range gws {
		gw.mu.Lock()
		gw.mu.Unlock()
	}
	for _, g := range s.out {
		_ = g
	}
}

// either: any kind.
func (s *server) each() {
	for _, either := range s.any {
		either.mu.Lock()
		either.mu.Unlock()
	}
}

// Lock is exported: its receiver may be any connection.
func (c *conn) Lock() { c.mu.Lock() }

// lookup returns what an interface gives: not known.
func (s *server) lookup(x any) *conn { return x.(*conn) }

func (s *server) poke(x any) {
	c := s.lookup(x)
	c.mu.Lock()
	c.mu.Unlock()
}
`)
	o := values.FindOrigins(pkg, ssatest.Funcs(pkg), values.FindMade(pkg, ssatest.Funcs(pkg)))
	// The modes of the object each Lock call locks, by function and
	// order of the call.
	got := map[string]string{}
	for _, fn := range ssatest.Funcs(pkg) {
		n := 0
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || call.Call.StaticCallee() == nil || call.Call.StaticCallee().Name() != "Lock" || len(call.Call.Args) == 0 {
					continue
				}
				fa, ok := call.Call.Args[0].(*ssa.FieldAddr)
				if !ok || !o.Moded(fa.X.Type()) {
					continue
				}
				n++
				modes, ok := o.Modes(fa.X)
				key := fn.Name() + ":" + strconv.Itoa(n)
				if !ok {
					got[key] = "?"
				} else {
					got[key] = strings.Join(modes, "|")
				}
			}
		}
	}
	want := map[string]string{
		"processLeaf:1": "conn.kind=1",             // c, the receiver createLeaf passes
		"processLeaf:2": "conn.kind=2",             // gw, out of the helper's slice
		"poke:1":        "?",                       // out of an interface
		"each:1":        "conn.kind=1|conn.kind=2", // either
		"Lock:1":        "?",                       // an exported method's receiver
	}
	if !maps.Equal(got, want) {
		t.Errorf("modes at the Lock calls: %v, want %v", got, want)
	}
}
