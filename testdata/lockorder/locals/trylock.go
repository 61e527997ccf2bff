package locals

import "sync"

// A gate held after a TryLock that succeeded is held: blocking on
// another gate under it is an order edge.
type Pool struct {
	conns, stats sync.Mutex
	n            int
}

func (p *Pool) Reap() {
	if p.conns.TryLock() {
		p.stats.Lock() // want `latent: p\.stats is acquired while holding p\.conns, but \(\*Pool\)\.Report`
		p.n--
		p.stats.Unlock()
		p.conns.Unlock()
	}
}

func (p *Pool) Report() {
	p.stats.Lock()
	p.conns.Lock() // want `latent: p\.conns is acquired while holding p\.stats, but \(\*Pool\)\.Reap`
	p.n++
	p.conns.Unlock()
	p.stats.Unlock()
}

type Cache struct {
	mu, index sync.Mutex
}

func (c *Cache) Get() {
	c.mu.Lock()
	c.index.Lock()
	c.index.Unlock()
	c.mu.Unlock()
}

// Evict only tries c.mu under c.index: the try cannot wait.
func (c *Cache) Evict() {
	c.index.Lock()
	defer c.index.Unlock()
	if c.mu.TryLock() {
		c.mu.Unlock()
	}
}
