// Package kinds: connections are made with a kind they keep, and the
// server keeps each kind in its own place. A leaf connection's handler
// holds its own lock while it takes the gateways' lock to list the
// outbound gateways, and the gateway code holds the gateways' lock
// while it locks gateway connections: both orders are on conn.mu and
// gateways.mu, but never on one connection, since the gateway code
// only ever locks gateway connections. A message server's gateways and
// leaf nodes work this way.
package kinds

import "sync"

const (
	kindClient = iota
	kindLeaf
	kindGateway
)

type conn struct {
	mu   sync.Mutex
	kind int
	name string
	subs []string
}

type gateways struct {
	mu  sync.Mutex
	out map[string]*conn
	all []*conn
}

type Server struct {
	gw    gateways
	mu    sync.Mutex
	leafs map[int]*conn
	conns []*conn // every connection, of every kind
}

func NewServer() *Server {
	return &Server{gw: gateways{out: map[string]*conn{}}, leafs: map[int]*conn{}}
}

// Dial makes an outbound gateway connection and registers it.
func (s *Server) Dial(name string) {
	c := &conn{kind: kindGateway, name: name}
	s.register(name, c)
}

func (s *Server) register(name string, c *conn) {
	s.gw.mu.Lock()
	s.gw.out[name] = c
	s.gw.all = append(s.gw.all, c)
	s.gw.mu.Unlock()
	s.mu.Lock()
	s.conns = append(s.conns, c)
	s.mu.Unlock()
}

// AcceptLeaf makes a leaf connection and handles it.
func (s *Server) AcceptLeaf(id int) {
	c := &conn{kind: kindLeaf}
	s.mu.Lock()
	s.leafs[id] = c
	s.conns = append(s.conns, c)
	s.mu.Unlock()
	c.processLeafConnect(s)
}

func (s *Server) outbound(into *[]*conn) {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	for _, c := range s.gw.all {
		*into = append(*into, c)
	}
}

// processLeafConnect holds the leaf connection's lock while it lists
// the outbound gateways under the gateways' lock.
func (c *conn) processLeafConnect(s *Server) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var gws []*conn
	s.outbound(&gws) // want `latent: s\.gw\.mu is acquired in \(\*Server\)\.outbound while holding c\.mu, but \(\*Server\)\.Broadcast`
	for _, gw := range gws {
		c.subs = append(c.subs, gw.name)
	}
}

// Gossip holds the gateways' lock while it locks each gateway
// connection: only gateway connections, so never a leaf one that
// processLeafConnect holds.
func (s *Server) Gossip(info string) {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	for _, gwc := range s.gw.out {
		gwc.mu.Lock()
		gwc.subs = append(gwc.subs, info)
		gwc.mu.Unlock()
	}
}

// Broadcast is the near twin: under the gateways' lock it locks every
// connection, leaf ones included. A leaf connection in
// processLeafConnect holds its lock and waits for the gateways' lock
// that Broadcast holds, while Broadcast waits for that leaf's lock.
func (s *Server) Broadcast(info string) {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	for _, c := range s.conns {
		c.mu.Lock() // want `latent: c\.mu is acquired while holding s\.gw\.mu, but \(\*conn\)\.processLeafConnect`
		c.subs = append(c.subs, info)
		c.mu.Unlock()
	}
}
