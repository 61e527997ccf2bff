// Package handshake: a helper that lets go of its caller's lock before it
// takes another one, and takes the caller's lock back after (nats-server's
// doTLSHandshake). The caller holds its client's lock around the call,
// but not around what the helper acquires meanwhile.
package handshake

import "sync"

type Server struct {
	mu      sync.Mutex
	clients map[*Client]bool
}

type Client struct {
	mu  sync.Mutex
	srv *Server
	ok  bool
}

// handshake is called with c.mu held; it releases it to talk to the
// server and takes it back before returning.
func (c *Client) handshake() {
	c.mu.Unlock()
	c.srv.mu.Lock()
	c.srv.clients[c] = true
	c.srv.mu.Unlock()
	c.mu.Lock()
}

func (c *Client) Start() {
	c.mu.Lock()
	c.handshake()
	c.ok = true
	c.mu.Unlock()
}

// Register takes the server lock, then the client's: the documented
// order, which Start keeps.
func (s *Server) Register(c *Client) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c.mu.Lock()
	s.clients[c] = c.ok
	c.mu.Unlock()
}
