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
	system
	account
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
	in    []*conn
	inMap map[int]*conn
	conns2 []*conn
}

func (s *server) createGateway(name string) {
	c := &conn{kind: gateway}
	c.flush()
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
	s.inMap[len(s.inMap)] = gwc
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

// internal connections get their kind from the callers, all constants.
func (s *server) internal(kind int) *conn { return &conn{kind: kind} }

func (s *server) system() {
	c := s.internal(system)
	c.mu.Lock()
	c.mu.Unlock()
	s.any = append(s.any, s.internal(account))
}

// Handle gets any connection, but files only gateway ones in s.in.
func (s *server) Handle(c *conn) {
	switch c.kind {
	case leaf:
	case gateway:
		s.in = append(s.in, c)
	}
}

func (s *server) inbound() {
	for _, ig := range s.in {
		ig.mu.Lock()
		ig.mu.Unlock()
	}
}

// Peer is exported: other packages make peers of any role.
type Peer struct {
	mu   sync.Mutex
	role int
}

func NewPeer() *Peer { return &Peer{role: 1} }

func LockPeer(p *Peer) {
	p.mu.Lock()
	p.mu.Unlock()
}

// walk reads the leaf map and the inbound map through one helper and
// one literal: reading them together mixes nothing into either.
func (s *server) walk() {
	check := func(m map[int]*conn) {
		for _, c := range m {
			_ = c
		}
	}
	check(s.leafs)
	check(s.inMap)
	for _, m := range []map[int]*conn{s.leafs, s.inMap} {
		for range m {
		}
	}
	for _, g := range s.inMap {
		g.mu.Lock()
		g.mu.Unlock()
	}
}

// hook hands a leaf connection's method to a callback taker: the method
// runs with that connection.
func (s *server) hook(run func(func())) {
	c := &conn{kind: leaf}
	s.mu.Lock()
	s.conns2 = append(s.conns2, c)
	s.mu.Unlock()
	run(c.flush)
}

// flush runs on the gateway connection createGateway calls it on, and
// as a bound method on the leaf.
func (c *conn) flush() {
	c.mu.Lock()
	c.mu.Unlock()
}

// Conns hands every connection to other packages.
func (s *server) Conns() []*conn { return s.any }

func (s *server) poke(x any) {
	c := s.lookup(x)
	c.mu.Lock()
	c.mu.Unlock()
}
`)
	funcs := ssatest.Funcs(pkg)
	made := values.FindMade(pkg, funcs)
	o := values.FindOrigins(pkg, funcs, made, values.Of(pkg, funcs, nil, made))
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
		"flush:1":       "conn.kind=1|conn.kind=2|conn.kind=3|conn.kind=4", // a bound method: any connection that got out
		"walk:1":        "conn.kind=2",                                     // the inbound map, read beside the leaf map
		"LockPeer:1":    "?",                                               // an exported type's object from outside
		"processLeaf:1": "conn.kind=1",                                     // c, the receiver createLeaf passes
		"processLeaf:2": "conn.kind=2",                                     // gw, out of the helper's slice
		"poke:1":        "conn.kind=1|conn.kind=2|conn.kind=3|conn.kind=4", // out of an interface: any connection that got out
		"system:1":      "conn.kind=3|conn.kind=4",                         // a result of a call each of whose calls passes a constant kind
		"each:1":        "conn.kind=1|conn.kind=2|conn.kind=3|conn.kind=4", // either
		"inbound:1":     "conn.kind=2",                                     // filed under a test of the kind
		"Lock:1":        "conn.kind=1|conn.kind=2|conn.kind=3|conn.kind=4", // an exported method's receiver: any connection that got out
	}
	if !maps.Equal(got, want) {
		t.Errorf("modes at the Lock calls: %v, want %v", got, want)
	}
}
