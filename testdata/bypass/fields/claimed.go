package fields

import (
	"sync"
	"sync/atomic"
)

// A Session's Disconnect runs once, behind an atomic claim of its
// closed flag, and then tears the session down with nothing else held:
// the teardown phase the lock discipline does not cover, as for a
// Disconnect without the claim. The claim is no lock held around the
// writes.
//
// It is safe for concurrent use.
type Session struct {
	mu     sync.Mutex
	closed atomic.Bool
	peers  []string
	buf    []byte
}

func (s *Session) Add(k string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.peers = append(s.peers, k)
}

func (s *Session) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.peers = s.peers[:0]
}

func (s *Session) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.peers)
}

func (s *Session) Disconnect() {
	if !s.closed.CompareAndSwap(false, true) {
		return
	}
	s.buf = nil
	s.peers = nil
}

// A Tunnel's Disconnect claims its closed flag the same way but only
// clears the peers, which Add appends to under t.mu: the claim keeps two
// Disconnects apart, not a Disconnect and an Add (the twin races under
// -race).
//
// It is safe for concurrent use.
type Tunnel struct {
	mu     sync.Mutex
	closed atomic.Bool
	peers  []string
}

func (t *Tunnel) Add(k string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.peers = append(t.peers, k)
}

func (t *Tunnel) Reset() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.peers = t.peers[:0]
}

func (t *Tunnel) Count() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.peers)
}

func (t *Tunnel) Disconnect() {
	if !t.closed.CompareAndSwap(false, true) {
		return
	}
	t.peers = nil // want `Disconnect writes t\.peers without holding t\.mu, which guards it in Add, Reset, Count`
}
