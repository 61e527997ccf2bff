// Package infer has helpers that gatevet annotate can give a
// //gatevet:holds contract, and near misses it leaves alone.
package infer

import "sync"

// Cache's size is used under c.mu everywhere: annotated. Its items are
// not (flushLocked lets go of the lock), nor are its hits (Hit).
type Cache struct {
	mu    sync.Mutex
	items map[string]int
	size  int
	hits  int
}

// putLocked stores an item; every call holds c.mu: annotated.
func (c *Cache) putLocked(k string, v int) { c.items[k] = v }

func (c *Cache) hit() { c.hits++ }

// Put holds c.mu around both helpers.
func (c *Cache) Put(k string, v int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.putLocked(k, v)
	c.size++
	c.hit()
}

// Len reads the size under c.mu.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.size
}

// Hit calls hit without the lock: hit gets no contract.
func (c *Cache) Hit() { c.hit() }

func (c *Cache) trace() {}

// Trace holds c.mu around trace, which uses none of c's fields: no
// contract.
func (c *Cache) Trace() {
	c.mu.Lock()
	c.trace()
	c.mu.Unlock()
}

// flushLocked lets go of c.mu while it works: it takes part in the
// lock itself and gets no contract.
func (c *Cache) flushLocked() {
	c.mu.Unlock()
	c.items = nil
	c.mu.Lock()
}

// Flush holds c.mu around flushLocked.
func (c *Cache) Flush() {
	c.mu.Lock()
	c.flushLocked()
	c.mu.Unlock()
}

// lock takes c.mu for its callers, which release it: annotated as an
// acquire helper.
func (c *Cache) lock() { c.mu.Lock() }

// unlock gives back c.mu, which every caller holds: annotated as a
// release helper.
func (c *Cache) unlock() { c.mu.Unlock() }

// Reset uses both helpers.
func (c *Cache) Reset() {
	c.lock()
	c.items = map[string]int{}
	c.size = 0
	c.unlock()
}
