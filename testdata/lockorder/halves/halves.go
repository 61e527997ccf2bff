// Package halves: a connection with a lock for each direction, held by
// value (in and out, both halfConns), and a handshake lock. Read holds
// in and renegotiates under the handshake lock; a renegotiation holds
// the handshake lock and writes under out. The two orders share the
// handshake lock, so they meet only on one connection, whose in and out
// are two locks: no inversion.
package halves

import "sync"

type halfConn struct {
	sync.Mutex
	seq int
}

type Conn struct {
	hsMu sync.Mutex
	in   halfConn
	out  halfConn
	buf  []byte
}

func (c *Conn) Read(p []byte) int {
	c.in.Lock()
	defer c.in.Unlock()
	if len(c.buf) == 0 {
		c.renegotiate()
	}
	n := copy(p, c.buf)
	c.in.seq++
	return n
}

func (c *Conn) renegotiate() {
	c.hsMu.Lock()
	defer c.hsMu.Unlock()
	c.writeRecord([]byte("hello"))
}

func (c *Conn) writeRecord(p []byte) {
	c.out.Lock()
	defer c.out.Unlock()
	c.out.seq += len(p)
}

// Session is the same connection whose Flush holds out and takes the
// handshake lock: against renegotiate's handshake lock then out, on one
// session, each waits for the other.
type Session struct {
	hsMu sync.Mutex
	in   halfConn
	out  halfConn
	keys int
}

func (s *Session) Renegotiate() {
	s.hsMu.Lock()
	defer s.hsMu.Unlock()
	s.out.Lock() // want `latent: s\.out is acquired while holding s\.hsMu, but \(\*Session\)\.Flush`
	s.out.seq++
	s.out.Unlock()
}

func (s *Session) Flush() {
	s.out.Lock()
	defer s.out.Unlock()
	s.hsMu.Lock() // want `latent: s\.hsMu is acquired while holding s\.out, but \(\*Session\)\.Renegotiate`
	s.keys++
	s.hsMu.Unlock()
}
