// Package rw: an RWMutex released in the other mode than it is held, or
// twice, beside balanced read and write locking.
package rw

import "sync"

type Cache struct {
	rw sync.RWMutex
	m  map[string]string
}

// ReadThenUnlock read-locks and write-unlocks on its one path: the
// Unlock finds no write lock and the process dies.
func (c *Cache) ReadThenUnlock(k string) string {
	c.rw.RLock()
	v := c.m[k]
	c.rw.Unlock() // want `^certain: c\.rw\.Unlock\(\) unlocks c\.rw, which this function read-locked at rw\.go:15 and still holds so on this path: the process dies with "fatal error: sync: Unlock of unlocked RWMutex", which no recover catches \(or, if another goroutine locked it in between, this unlocks theirs\); use RUnlock to match the RLock$`
	return v
}

// LockThenRUnlock write-locks and read-unlocks on its one path: the
// RUnlock finds no reader and the process dies.
func (c *Cache) LockThenRUnlock(k, v string) {
	c.rw.Lock()
	c.m[k] = v
	c.rw.RUnlock() // want `^certain: c\.rw\.RUnlock\(\) read-unlocks c\.rw, which this function locked at rw\.go:24 and still holds so on this path: the process dies with "fatal error: sync: RUnlock of unlocked RWMutex", which no recover catches \(or, while other goroutines hold read locks, this releases one of theirs\); use Unlock to match the Lock$`
}

// DeferredMismatch read-locks, and its deferred Unlock runs at the
// return: the process dies there.
func (c *Cache) DeferredMismatch(k string) string {
	c.rw.RLock()
	defer c.rw.Unlock() // want `the deferred c\.rw\.Unlock\(\), run at the return at rw\.go:34, unlocks c\.rw, which this function read-locked at rw\.go:32`
	return c.m[k]
}

// ReadTwice read-unlocks twice after one RLock on its one path: the
// second RUnlock finds no reader and the process dies.
func (c *Cache) ReadTwice(k string) string {
	c.rw.RLock()
	v := c.m[k]
	c.rw.RUnlock()
	c.rw.RUnlock() // want `c\.rw\.RUnlock\(\) read-unlocks c\.rw a second time on this path: this function read-locked it at rw\.go:40 and read-unlocked it already at rw\.go:42, with no RLock since; the process dies with "fatal error: sync: RUnlock of unlocked RWMutex"`
	return v
}

// Recursive: two read locks, two RUnlocks.
func (c *Cache) Recursive(k string) string {
	c.rw.RLock()
	c.rw.RLock()
	v := c.m[k]
	c.rw.RUnlock()
	c.rw.RUnlock()
	return v
}

// Upgrade: the read lock is given back before the write lock.
func (c *Cache) Upgrade(k, v string) {
	c.rw.RLock()
	_, ok := c.m[k]
	c.rw.RUnlock()
	if ok {
		return
	}
	c.rw.Lock()
	defer c.rw.Unlock()
	c.m[k] = v
}

// Downgrade: the write lock is given back, then a read lock taken.
func (c *Cache) Downgrade(k, v string) string {
	c.rw.Lock()
	c.m[k] = v
	c.rw.Unlock()
	c.rw.RLock()
	defer c.rw.RUnlock()
	return c.m[k]
}

// TryRead: the read lock is released only where it was taken.
func (c *Cache) TryRead(k string) (string, bool) {
	if !c.rw.TryRLock() {
		return "", false
	}
	defer c.rw.RUnlock()
	return c.m[k], true
}

// ReadLockHelper takes a read lock for its caller, which gives it back
// with ReadUnlockHelper (or through ReleaseCallersRead).
func (c *Cache) ReadLockHelper() { c.rw.RLock() }

// ReadUnlockHelper releases its caller's read lock.
func (c *Cache) ReadUnlockHelper() { c.rw.RUnlock() }

// ReleaseCallersRead holds its own read lock inside its caller's, and
// gives back both.
func (c *Cache) ReleaseCallersRead(k string) string {
	defer c.rw.RUnlock()
	c.rw.RLock()
	v := c.m[k]
	c.rw.RUnlock()
	return v
}
