// Package made: an encoder that a constructor makes holding its
// connection's write lock, which the encoder's end method releases; the
// encoder's conn is the constructor's argument for good, so the deferred
// end gives back the very lock newEncoder took.
package made

import "sync"

type Conn struct {
	mu   sync.Mutex
	wmu  sync.Mutex
	caps []string
}

type encoder struct {
	conn *Conn
	buf  []byte
}

func newEncoder(c *Conn) *encoder {
	c.wmu.Lock() // released by end
	return &encoder{conn: c}
}

func (e *encoder) end() { e.conn.wmu.Unlock() }

func (c *Conn) writeStatus(s string) {
	enc := newEncoder(c)
	defer enc.end()
	enc.buf = append(enc.buf, s...)
}

func (c *Conn) writeCaps() {
	enc := newEncoder(c)
	defer enc.end()
	for _, cp := range c.caps {
		enc.buf = append(enc.buf, cp...)
	}
}

// Greet writes twice; each write's end released the lock before.
func (c *Conn) Greet() {
	c.writeCaps()
	c.writeStatus("ready")
}

// Stream is Conn whose encoder's end forgets the lock: the first write
// keeps smu, and the second blocks on it for good.
type Stream struct {
	smu sync.Mutex
	n   int
}

type streamEncoder struct{ s *Stream }

func newStreamEncoder(s *Stream) *streamEncoder {
	s.smu.Lock()
	return &streamEncoder{s: s}
}

func (e *streamEncoder) end() { e.s.n++ }

func (s *Stream) write() {
	enc := newStreamEncoder(s)
	defer enc.end()
}

// Greet's second write blocks on smu, which the first kept.
func (s *Stream) Greet() {
	s.write()
	s.write() // want `^certain: call to \(\*Stream\)\.write acquires s\.smu`
}
