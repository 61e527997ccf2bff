// Package retake: a helper called with a lock held that lets go of it
// around a slow step and takes it back takes it while its caller holds
// what it held at the call: the reverse of the order the caller took to
// get there.
package retake

import "sync"

func send([]byte) {}

// Conn's Write holds mu, then wmu for the socket, and flushes through a
// helper that lets go of mu while it writes: back in the helper, mu is
// taken under wmu. Two writers at once deadlock: one in the helper holds
// wmu and waits for mu, the other holds mu and waits for wmu.
type Conn struct {
	mu, wmu sync.Mutex
	buf     []byte
}

func (c *Conn) Write(p []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.wmu.Lock() // want `latent: c\.wmu is acquired while holding c\.mu, but \(\*Conn\)\.Write \(retake\.go:\d+\) acquires c\.mu while holding c\.wmu`
	defer c.wmu.Unlock()
	c.buf = append(c.buf, p...)
	c.flushLocked() // want `latent: c\.mu is acquired while holding c\.wmu, but \(\*Conn\)\.Write \(retake\.go:\d+\) acquires c\.wmu while holding c\.mu`
}

// flushLocked is called with c.mu held; it lets go of it while it sends.
func (c *Conn) flushLocked() {
	buf := c.buf
	c.buf = nil
	c.mu.Unlock()
	send(buf)
	c.mu.Lock()
}

// Pipe takes wmu first: the helper's retake is in the order Write
// already takes.
type Pipe struct {
	mu, wmu sync.Mutex
	buf     []byte
}

func (p *Pipe) Write(b []byte) {
	p.wmu.Lock()
	defer p.wmu.Unlock()
	p.mu.Lock()
	defer p.mu.Unlock()
	p.buf = append(p.buf, b...)
	p.flushLocked()
}

func (p *Pipe) flushLocked() {
	buf := p.buf
	p.buf = nil
	p.mu.Unlock()
	send(buf)
	p.mu.Lock()
}

// Log's helper lets go of mu and takes it back, but Append holds nothing
// else at the call.
type Log struct {
	mu, wmu sync.Mutex
	buf     []byte
}

func (l *Log) Append(b []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, b...)
	l.flushLocked()
}

func (l *Log) flushLocked() {
	buf := l.buf
	l.buf = nil
	l.mu.Unlock()
	l.wmu.Lock()
	send(buf)
	l.wmu.Unlock()
	l.mu.Lock()
}

// Sync takes wmu, then mu: the order Log's helper does not reverse (it
// lets go of mu before it takes wmu).
func (l *Log) Sync() {
	l.wmu.Lock()
	defer l.wmu.Unlock()
	l.mu.Lock()
	send(l.buf)
	l.mu.Unlock()
}
