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

// Index is read-locked under Meta's write lock and Meta read-locked
// under Index's read lock. Nothing ever write-locks Index, so the read
// lock under Meta never waits: no deadlock.
type Catalog struct {
	index, meta sync.RWMutex
}

func (c *Catalog) Scan() {
	c.index.RLock()
	defer c.index.RUnlock()
	c.meta.Lock()
	c.meta.Unlock()
}

func (c *Catalog) Rename() {
	c.meta.RLock()
	defer c.meta.RUnlock()
	c.index.RLock()
	c.index.RUnlock()
}
