// Package rangefunc: the body of a range over a function runs inside
// the iterator's call, with whatever the ranging function holds.
package rangefunc

import (
	"iter"
	"maps"
	"sync"
)

type Cache struct {
	mu   sync.Mutex
	once sync.Once
	m    map[string]int
}

func (c *Cache) get(k string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.m[k]
}

// keys yields the cache's keys.
func (c *Cache) keys() iter.Seq[string] {
	return func(yield func(string) bool) {
		for k := range c.m {
			if !yield(k) {
				return
			}
		}
	}
}

// Sum holds c.mu while the body of the range calls get, which locks it.
func (c *Cache) Sum() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for k := range c.keys() {
		n += c.get(k) // want `certain: call to \(\*Cache\)\.get acquires c\.mu`
	}
	return n
}

// SumStd holds c.mu while the body of its range over maps.Keys calls
// get, which locks it again: it blocks forever.
func (c *Cache) SumStd() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for k := range maps.Keys(c.m) {
		n += c.get(k) // want `certain: call to \(\*Cache\)\.get acquires c\.mu`
	}
	return n
}

// Warm re-enters the Once from the body of a range inside its function.
func (c *Cache) Warm() {
	c.once.Do(func() {
		for range c.keys() {
			c.once.Do(func() {}) // want `certain: c\.once\.Do while c\.once\.Do is running on this path`
		}
	})
}

// SumUnlocked releases c.mu before the range.
func (c *Cache) SumUnlocked() int {
	c.mu.Lock()
	keys := c.keys()
	c.mu.Unlock()
	n := 0
	for k := range keys {
		n += c.get(k)
	}
	return n
}

// drain locks c.mu on each pass round its loop.
func (c *Cache) drain(keys []string) {
	for _, k := range keys {
		c.mu.Lock()
		delete(c.m, k)
		c.mu.Unlock()
	}
}

// Drop holds c.mu when it calls drain, which locks it again on its
// first pass: it blocks forever.
func (c *Cache) Drop(keys []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.drain(keys) // want `certain: call to \(\*Cache\)\.drain acquires c\.mu`
}

// admit locks c.mu only in one state of its retry loop, to wait for a
// collection that holds it: which pass, if any, takes it depends on the
// state, so the lock is not an acquire every call makes, and Hold's
// call, made while no collection runs, is not reported.
func (c *Cache) admit(state func() int) {
	for {
		switch state() {
		case 0:
			return
		case 1:
			c.mu.Lock()
			c.mu.Unlock()
		}
	}
}

func (c *Cache) Hold() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.admit(func() int { return 0 })
}
