package store

import "sync"

// A cache's lockIfCached tells its caller, by its bool, whether it
// returns holding c.mu: true on the cached path, which keeps it for the
// caller to read under, false once it let go of it.
type cache struct {
	mu     sync.Mutex
	cached bool
	v      int
}

func (c *cache) load() (int, error) { return 1, nil }

func (c *cache) lockIfCached() (locked bool, err error) {
	c.mu.Lock()
	if c.cached {
		return true, nil
	}
	c.mu.Unlock()
	v, err := c.load()
	if err == nil {
		c.mu.Lock()
		c.cached, c.v = true, v
		c.mu.Unlock()
	}
	return false, err
}

func (c *cache) get() (int, error) {
	locked, err := c.lockIfCached()
	if err != nil {
		return 0, err
	}
	if locked {
		defer c.mu.Unlock()
	}
	return c.v, nil
}
