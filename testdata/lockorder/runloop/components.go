package runloop

import "sync"

// A connection's run loop reaches its components through interfaces of
// the package's own and through exported methods of unexported types
// (a QUIC connection's packer and framer). The framer never leaves the
// package: only the loop takes its two locks together, once in each
// order, one after the other. Stream goroutines take one lock at a time.

type packer interface {
	Pack() int
}

type frameSource interface {
	AppendStreamFrames() int
}

type framer struct {
	mu, ctrlMu sync.Mutex
	streams    []int
	ctrl       []int
}

func (f *framer) AppendStreamFrames() int {
	f.ctrlMu.Lock()
	defer f.ctrlMu.Unlock()
	f.mu.Lock()
	n := len(f.streams)
	f.mu.Unlock()
	return n + len(f.ctrl)
}

func (f *framer) Handle0RTTRejection() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ctrlMu.Lock()
	f.ctrl = nil
	f.ctrlMu.Unlock()
	f.streams = nil
}

func (f *framer) AddStream(id int) {
	f.mu.Lock()
	f.streams = append(f.streams, id)
	f.mu.Unlock()
}

type packetPacker struct{ frames frameSource }

func (p *packetPacker) Pack() int { return p.frames.AppendStreamFrames() }

type QUICConn struct {
	framer *framer
	packer packer
	events chan int
}

func DialQUIC() *QUICConn {
	f := &framer{}
	c := &QUICConn{framer: f, packer: &packetPacker{frames: f}, events: make(chan int)}
	go c.run()
	return c
}

func (c *QUICConn) run() {
	for e := range c.events {
		if e == 0 {
			c.packer.Pack()
		} else {
			c.framer.Handle0RTTRejection()
		}
	}
}

// OpenStream runs on the user's goroutines: one lock at a time.
func (c *QUICConn) OpenStream(id int) { c.framer.AddStream(id) }
