// Package client: shutdown paths that wait, holding a lock, for a
// goroutine that must take that lock before it can answer.
package client

import (
	"sync"
	"time"
)

type Client struct {
	mu     sync.Mutex
	closed bool
	done   chan struct{}
}

func New() *Client {
	c := &Client{done: make(chan struct{})}
	go c.flushLoop()
	return c
}

// Close holds c.mu while it waits for done, and flushLoop closes done
// only after it sees closed under c.mu, which it can no longer take.
func (c *Client) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	<-c.done // want `<-c\.done waits for \(\*Client\)\.flushLoop holding c\.mu, but \(\*Client\)\.flushLoop locks c\.mu before it closes c\.done: a certain deadlock`
	return nil
}

func (c *Client) flushLoop() {
	for {
		c.mu.Lock()
		if c.closed {
			c.mu.Unlock()
			close(c.done)
			return
		}
		c.mu.Unlock()
		time.Sleep(time.Millisecond)
	}
}

// Released lets go of the lock before it waits.
type Released struct {
	mu     sync.Mutex
	closed bool
	done   chan struct{}
}

func NewReleased() *Released {
	r := &Released{done: make(chan struct{})}
	go r.loop()
	return r
}

func (r *Released) Close() {
	r.mu.Lock()
	r.closed = true
	r.mu.Unlock()
	<-r.done
}

func (r *Released) loop() {
	for {
		r.mu.Lock()
		if r.closed {
			r.mu.Unlock()
			close(r.done)
			return
		}
		r.mu.Unlock()
	}
}

// Flagged: the loop sees the shutdown through an atomic, never locking
// before it closes done.
type Flagged struct {
	mu     sync.Mutex
	closed chan struct{}
	done   chan struct{}
}

func NewFlagged() *Flagged {
	f := &Flagged{done: make(chan struct{}), closed: make(chan struct{})}
	go f.loop()
	return f
}

func (f *Flagged) Close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	close(f.closed)
	<-f.done
}

func (f *Flagged) loop() {
	<-f.closed
	close(f.done)
	f.mu.Lock()
	f.mu.Unlock()
}

// Tried: the loop only TryLocks.
type Tried struct {
	mu     sync.Mutex
	closed bool
	done   chan struct{}
}

func NewTried() *Tried {
	t := &Tried{done: make(chan struct{})}
	go t.loop()
	return t
}

func (t *Tried) Close() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.closed = true
	<-t.done
}

func (t *Tried) loop() {
	for {
		if t.mu.TryLock() {
			t.mu.Unlock()
		}
		close(t.done)
		return
	}
}

// Sometimes: the loop takes the lock on some paths only (a slow client):
// latent, it deadlocks when it takes one of them.
type Sometimes struct {
	mu   sync.Mutex
	slow bool
	done chan struct{}
}

func NewSometimes(slow bool) *Sometimes {
	s := &Sometimes{done: make(chan struct{}), slow: slow}
	go s.loop()
	return s
}

func (s *Sometimes) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	<-s.done // want `latent: <-s\.done waits for \(\*Sometimes\)\.loop holding s\.mu, and \(\*Sometimes\)\.loop locks s\.mu on some paths before it closes s\.done`
}

func (s *Sometimes) loop() {
	if s.slow {
		s.mu.Lock()
		s.mu.Unlock()
	}
	close(s.done)
}

// Other: the loop takes another lock than the one Close holds.
type Other struct {
	mu, other sync.Mutex
	done      chan struct{}
}

func NewOther() *Other {
	o := &Other{done: make(chan struct{})}
	go o.loop()
	return o
}

func (o *Other) Close() {
	o.mu.Lock()
	defer o.mu.Unlock()
	<-o.done
}

func (o *Other) loop() {
	o.other.Lock()
	o.other.Unlock()
	close(o.done)
}

// Stopped: Stop, which is no goroutine, closes done too.
type Stopped struct {
	mu   sync.Mutex
	done chan struct{}
}

func NewStopped() *Stopped {
	s := &Stopped{done: make(chan struct{})}
	go s.loop()
	return s
}

func (s *Stopped) Stop() { close(s.done) }

func (s *Stopped) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	<-s.done
}

func (s *Stopped) loop() {
	s.mu.Lock()
	s.mu.Unlock()
	close(s.done)
}

// RW: Close holds the read lock, the loop takes the read lock: both
// can hold it.
type RW struct {
	mu   sync.RWMutex
	done chan struct{}
}

func NewRW() *RW {
	r := &RW{done: make(chan struct{})}
	go r.loop()
	return r
}

func (r *RW) Close() {
	r.mu.RLock()
	defer r.mu.RUnlock()
	<-r.done
}

func (r *RW) loop() {
	r.mu.RLock()
	r.mu.RUnlock()
	close(r.done)
}

// Bodiless has no body: nothing to look at.
func Bodiless()

// Pair: Close holds another instance's lock than the one its loop takes.
type Pair struct {
	mu   sync.Mutex
	done chan struct{}
}

func NewPair() *Pair {
	p := &Pair{done: make(chan struct{})}
	go p.loop()
	return p
}

func (p *Pair) Close(other *Pair) {
	other.mu.Lock()
	defer other.mu.Unlock()
	<-p.done
}

func (p *Pair) loop() {
	p.mu.Lock()
	p.mu.Unlock()
	close(p.done)
}

// Helper: the loop locks inside a helper it calls each time round. It
// sees closed only through isClosed, which needs h.mu: while Close holds
// h.mu and waits, done is never closed.
type Helper struct {
	mu     sync.Mutex
	closed bool
	done   chan struct{}
}

func NewHelper() *Helper {
	h := &Helper{done: make(chan struct{})}
	go h.loop()
	return h
}

// Close waits for loop to close h.done holding h.mu; loop locks h.mu on
// every pass before it can see closed, so Close waits forever once loop
// is at its Lock.
func (h *Helper) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	<-h.done // want `<-h\.done waits for \(\*Helper\)\.loop holding h\.mu, but \(\*Helper\)\.loop locks h\.mu before it closes h\.done: a certain deadlock`
}

func (h *Helper) isClosed() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.closed
}

func (h *Helper) loop() {
	for !h.isClosed() {
		time.Sleep(time.Millisecond)
	}
	close(h.done)
}

// Maybe: the helper the loop calls locks on some paths only.
type Maybe struct {
	mu   sync.Mutex
	slow bool
	done chan struct{}
}

func NewMaybe() *Maybe {
	m := &Maybe{done: make(chan struct{})}
	go m.loop()
	return m
}

func (m *Maybe) Close() {
	m.mu.Lock()
	defer m.mu.Unlock()
	<-m.done
}

func (m *Maybe) check(slow bool) {
	if slow {
		m.mu.Lock()
		m.mu.Unlock()
	}
}

func (m *Maybe) loop() {
	m.check(m.slow)
	close(m.done)
}
