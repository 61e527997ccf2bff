// Package elements: an element at a constant index of a local slice is
// one gate however often the code loads it. A slice whose address is
// handed on is loaded again at each use, so gws[0].mu.Lock() and the
// gws[0].mu.Unlock() after it must still pair.
package elements

import "sync"

type Server struct {
	mu    sync.Mutex
	conns []*Conn
}

type Conn struct{ mu sync.Mutex }

// Broadcast takes the server's lock, then each connection's.
func (s *Server) Broadcast() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.conns {
		c.mu.Lock() // want `latent: c\.mu is acquired while holding s\.mu, but Hold`
		c.mu.Unlock()
	}
}

func collect(s *Server, out *[]*Conn) {
	s.mu.Lock()
	*out = append(*out, s.conns...)
	s.mu.Unlock()
}

// Inspect lets go of the connection's lock before it takes the server's.
func Inspect(s *Server) {
	var gws []*Conn
	collect(s, &gws)
	gws[0].mu.Lock()
	gws[0].mu.Unlock()
	s.mu.Lock()
	s.mu.Unlock()
}

// Hold keeps it.
func Hold(s *Server) {
	var gws []*Conn
	collect(s, &gws)
	gws[0].mu.Lock()
	s.mu.Lock() // want `latent: s\.mu is acquired while holding gws\[0\]\.mu, but \(\*Server\)\.Broadcast`
	s.mu.Unlock()
	gws[0].mu.Unlock()
}
