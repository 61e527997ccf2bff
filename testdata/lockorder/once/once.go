// Package once: sync.Once.Do holds the Once while its function runs, so
// a lock taken inside Do is ordered after the Once, and Do called with a
// lock held is ordered after that lock.
package once

import "sync"

type Registry struct {
	once  sync.Once
	mu    sync.Mutex
	items map[string]int
}

// Load takes r.mu inside r.once.Do: r.once, then r.mu.
func (r *Registry) Load() {
	r.once.Do(func() {
		r.mu.Lock() // want `latent: r\.mu is acquired while holding sync\.Once r\.once, but \(\*Registry\)\.Reset \(once\.go:\d+\) acquires sync\.Once r\.once while holding r\.mu`
		r.items = map[string]int{}
		r.mu.Unlock()
	})
}

// Reset calls r.once.Do with r.mu held: r.mu, then r.once. The first
// Load and a Reset at the same time deadlock.
func (r *Registry) Reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.once.Do(r.init) // want `latent: sync\.Once r\.once is acquired while holding r\.mu, but \(\*Registry\)\.Load \(once\.go:\d+\) acquires r\.mu while holding sync\.Once r\.once`
	clear(r.items)
}

func (r *Registry) init() {}

type Cache struct {
	once sync.Once
	mu   sync.Mutex
	data []int
}

// Fill takes c.mu inside c.once.Do, as Load does.
func (c *Cache) Fill() {
	c.once.Do(func() {
		c.mu.Lock()
		c.data = []int{1}
		c.mu.Unlock()
	})
}

// Refresh lets go of c.mu before the Do: one order only.
func (c *Cache) Refresh() {
	c.mu.Lock()
	n := len(c.data)
	c.mu.Unlock()
	if n == 0 {
		c.once.Do(c.init)
	}
}

func (c *Cache) init() {}
