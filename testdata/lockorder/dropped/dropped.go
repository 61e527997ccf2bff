// Package dropped: a helper called with a lock held lets go of it around
// taking the other lock, and takes it again, to keep the one order; the
// helper is reached through another helper, as a reset is reached from a
// check. Only the helper that does not let go inverts the order.
package dropped

import "sync"

type Conn struct {
	subsMu sync.Mutex
	subs   map[int]*Sub
}

type Sub struct {
	mu   sync.Mutex
	conn *Conn
	sid  int
}

// Rewire takes the connection's lock, then the subscription's.
func (c *Conn) Rewire(s *Sub) {
	c.subsMu.Lock()
	s.mu.Lock() // want `latent: s\.mu is acquired while holding c\.subsMu, but \(\*Sub\)\.Forget \(dropped\.go:58\)`
	c.subs[s.sid] = s
	s.mu.Unlock()
	c.subsMu.Unlock()
}

// swapLocked is called with s.mu held; it unlocks it while it holds
// the connection's lock.
func (s *Sub) swapLocked() {
	s.mu.Unlock()
	s.conn.subsMu.Lock()
	delete(s.conn.subs, s.sid)
	s.conn.subsMu.Unlock()
	s.mu.Lock()
}

func (s *Sub) resetLocked() { s.swapLocked() }

func (s *Sub) Check() {
	s.mu.Lock()
	s.resetLocked()
	s.mu.Unlock()
}

// forgetLocked keeps s.mu while it takes the connection's lock.
func (s *Sub) forgetLocked() {
	s.conn.subsMu.Lock()
	delete(s.conn.subs, s.sid)
	s.conn.subsMu.Unlock()
}

func (s *Sub) clearLocked() { s.forgetLocked() }

func (s *Sub) Forget() {
	s.mu.Lock()
	s.clearLocked() // want `latent: s\.conn\.subsMu is acquired in \(\*Sub\)\.clearLocked while holding s\.mu, but \(\*Conn\)\.Rewire`
	s.mu.Unlock()
}
