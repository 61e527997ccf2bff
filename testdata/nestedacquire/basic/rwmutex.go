package basic

import "sync"

type Cache struct {
	mu   sync.RWMutex
	data map[string]string
}

func (c *Cache) Get(k string) string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.data[k]
}

func (c *Cache) getLocked(k string) string { return c.data[k] }

// Recursive read locking: fine until a writer queues in between.
func (c *Cache) GetBoth(a, b string) (string, string) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.data[a], c.Get(b) // want `call to \(\*Cache\)\.Get acquires c\.mu .*recursive read locking deadlocks`
}

func (c *Cache) GetBothLocked(a, b string) (string, string) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.getLocked(a), c.getLocked(b)
}

// Upgrade write-locks while it still holds the read lock when the key is
// missing: Lock waits for every reader, itself included, forever.
func (c *Cache) Upgrade(k, v string) {
	c.mu.RLock()
	if _, ok := c.data[k]; !ok {
		c.mu.Lock() // want `c\.mu\.Lock while c\.mu is already held on this path \(read-locked at rwmutex\.go:34\): the write lock waits for every reader`
		c.data[k] = v
		c.mu.Unlock()
	}
	c.mu.RUnlock()
}

func (c *Cache) UpgradeCorrectly(k, v string) {
	c.mu.RLock()
	_, ok := c.data[k]
	c.mu.RUnlock()
	if !ok {
		c.mu.Lock()
		defer c.mu.Unlock()
		if _, ok := c.data[k]; !ok {
			c.data[k] = v
		}
	}
}

// ReadUnderWrite read-locks c.mu while it holds the write lock: the RLock
// waits for the writer, which is itself.
func (c *Cache) ReadUnderWrite(k string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.mu.RLock() // want `c\.mu\.RLock while c\.mu is already held .*the read lock waits for the writer`
	defer c.mu.RUnlock()
	return c.data[k]
}

// A deferred closure releases too.
func (c *Cache) DeferredClosure(k, v string) {
	c.mu.Lock()
	defer func() {
		c.mu.Unlock()
	}()
	c.data[k] = v
}

func (c *Cache) AfterDeferredClosure(k, v string) {
	c.DeferredClosure(k, v)
	c.mu.Lock() // DeferredClosure released it on return
	c.data[k] = v
	c.mu.Unlock()
}

// Early returns release on every path; the second lock is fine.
func (c *Cache) EarlyReturn(k string) bool {
	c.mu.Lock()
	if c.data[k] == "" {
		c.mu.Unlock()
		return false
	}
	c.mu.Unlock()
	c.mu.Lock()
	defer c.mu.Unlock()
	return true
}

// TryRLock only holds on its true branch.
func (c *Cache) TryRead(k string) string {
	if !c.mu.TryRLock() {
		c.mu.RLock() // not held on this branch
		defer c.mu.RUnlock()
		return c.data[k]
	}
	defer c.mu.RUnlock()
	c.mu.RLock() // want `c\.mu\.RLock while c\.mu is already held .*recursive read locking`
	defer c.mu.RUnlock()
	return c.data[k]
}
