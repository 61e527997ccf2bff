package apart

import "sync"

func checkRecv(string) {}

// Pool is closed once, for good: Add puts an item only while the pool
// is not closed, checked under the lock it holds throughout; Close sets
// the flag under that lock, Drain sees it set under the lock. What
// either does afterwards never meets Add's put.
type Pool struct {
	mu     sync.Mutex
	closed bool
	items  []int
}

func (p *Pool) Add(x int) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false
	}
	point("put")
	p.items = append(p.items, x)
	return true
}

// Put checks the flag, lets go of the lock and takes it again: Close can
// run in between.
func (p *Pool) Put(x int) {
	p.mu.Lock()
	closed := p.closed
	p.mu.Unlock()
	if closed {
		return
	}
	p.mu.Lock()
	point("reput")
	p.items = append(p.items, x)
	p.mu.Unlock()
}

func (p *Pool) Close() []int {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
	checkRecv("put")   // want `apart: comes after a section that sets closed under mu \(latch.go:45\); the other runs only while closed is not set, checked under the same lock \(latch.go:20\), and nothing clears it`
	checkRecv("reput") // want `not apart`
	return p.items
}

func (p *Pool) Drain() {
	p.mu.Lock()
	if !p.closed {
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	checkRecv("put") // want `apart: comes after a section that sees closed set under mu`
}

// Peek checks the flag without the lock: no order with Add's section.
func (p *Pool) Peek() {
	if p.closed {
		checkRecv("put") // want `not apart`
	}
}

// Gate's flag is cleared by Reopen: a put after Reopen meets what comes
// after Close.
type Gate struct {
	mu     sync.Mutex
	closed bool
	items  []int
}

func (g *Gate) Add(x int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return
	}
	point("gput")
	g.items = append(g.items, x)
}

func (g *Gate) Reopen() {
	g.mu.Lock()
	g.closed = false
	g.mu.Unlock()
}

func (g *Gate) Close() {
	g.mu.Lock()
	g.closed = true
	g.mu.Unlock()
	checkRecv("gput") // want `not apart`
}

// Shared takes its flag's lock only to read: two read locks do not
// order their holders.
type Shared struct {
	mu     sync.RWMutex
	closed bool
	items  []int
}

func (s *Shared) Add(x int) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return
	}
	point("sput")
	s.items = append(s.items, x)
}

func (s *Shared) Close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
}

func (s *Shared) Drain() {
	s.mu.RLock()
	closed := s.closed
	s.mu.RUnlock()
	if closed {
		checkRecv("sput") // want `not apart`
	}
}

type netConn struct{ n int }

// Link's conn is set when it is made and only ever cleared: nil is its
// closed state. Send writes only while conn is not nil under the lock;
// Close clears it under the lock before it reads.
type Link struct {
	mu   sync.Mutex
	conn *netConn
	sent []int
}

func NewLink() *Link { return &Link{conn: &netConn{}} }

func (l *Link) Send(x int) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conn == nil {
		return false
	}
	point("send")
	l.sent = append(l.sent, x)
	return true
}

func (l *Link) Close() []int {
	l.mu.Lock()
	l.conn = nil
	l.mu.Unlock()
	checkRecv("send") // want `apart: comes after a section that sets conn to nil under mu \(latch.go:\d+\); the other runs only while conn is not nil, checked under the same lock \(latch.go:\d+\), and nothing sets it again`
	return l.sent
}

// Redial's conn is set again by Dial: a send after Dial meets what
// comes after Close.
type Redial struct {
	mu   sync.Mutex
	conn *netConn
	sent []int
}

func (l *Redial) Send(x int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conn != nil {
		point("resend")
		l.sent = append(l.sent, x)
	}
}

func (l *Redial) Dial() {
	l.mu.Lock()
	l.conn = &netConn{}
	l.mu.Unlock()
}

func (l *Redial) Close() {
	l.mu.Lock()
	l.conn = nil
	l.mu.Unlock()
	checkRecv("resend") // want `not apart`
}
