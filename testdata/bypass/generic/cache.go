package generic

import "sync"

// Cache evicts through a helper its methods call with the lock held:
// the calls, in generic bodies, are of an instance of the helper over
// the methods' own type parameters.
//
// It is safe for concurrent use.
type Cache[K comparable] struct {
	lock  sync.RWMutex
	size  int
	items []K
}

func (c *Cache[K]) Add(k K) {
	c.lock.Lock()
	defer c.lock.Unlock()
	c.ensureSpace()
	c.items = append(c.items, k)
}

func (c *Cache[K]) Resize(size int) {
	c.lock.Lock()
	defer c.lock.Unlock()
	c.size = size
	c.ensureSpace()
}

// ensureSpace runs with c.lock held by every caller.
func (c *Cache[K]) ensureSpace() {
	for len(c.items) >= c.size && len(c.items) > 0 {
		c.items = c.items[1:]
	}
}

// Peek reads without the lock.
func (c *Cache[K]) Peek() int {
	return c.size - len(c.items) // want `latent: Peek reads c\.size without holding c\.lock`
}
