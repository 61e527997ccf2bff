// Package runleak: a connection's run loop reaches its framer through
// an interface, as in package runloop, but the framer is handed to users
// through an exported interface: their goroutines append frames while
// the loop rejects 0-RTT, and the two orders meet.
package runleak

import "sync"

type packer interface {
	Pack() int
}

type FrameSource interface {
	AppendStreamFrames() int
}

type leakyFramer struct {
	mu, ctrlMu sync.Mutex
	streams    []int
	ctrl       []int
}

func (f *leakyFramer) AppendStreamFrames() int {
	f.ctrlMu.Lock()
	defer f.ctrlMu.Unlock()
	f.mu.Lock() // want `latent: f\.mu is acquired while holding f\.ctrlMu, but \(\*leakyFramer\)\.Handle0RTTRejection`
	n := len(f.streams)
	f.mu.Unlock()
	return n + len(f.ctrl)
}

func (f *leakyFramer) Handle0RTTRejection() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ctrlMu.Lock() // want `latent: f\.ctrlMu is acquired while holding f\.mu, but \(\*leakyFramer\)\.AppendStreamFrames`
	f.ctrl = nil
	f.ctrlMu.Unlock()
	f.streams = nil
}

type leakyPacker struct{ frames FrameSource }

func (p *leakyPacker) Pack() int { return p.frames.AppendStreamFrames() }

type LeakyConn struct {
	framer *leakyFramer
	packer packer
	events chan int
}

func DialLeaky() *LeakyConn {
	f := &leakyFramer{}
	c := &LeakyConn{framer: f, packer: &leakyPacker{frames: f}, events: make(chan int)}
	go c.run()
	return c
}

func (c *LeakyConn) run() {
	for e := range c.events {
		if e == 0 {
			c.packer.Pack()
		} else {
			c.framer.Handle0RTTRejection()
		}
	}
}

// Frames gives the user the framer, to append frames from any goroutine.
func (c *LeakyConn) Frames() FrameSource { return c.framer }

// Reject asks the loop to reject 0-RTT.
func (c *LeakyConn) Reject() { c.events <- 1 }
