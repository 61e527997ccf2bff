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
