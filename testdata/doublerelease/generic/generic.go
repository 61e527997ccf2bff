// Package generic: double releases in generic code.
package generic

import "sync"

type Cache[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]V
}

// Put: when err is set, the first Unlock runs and the one after it
// unlocks c.mu again.
func (c *Cache[K, V]) Put(k K, v V, err error) {
	c.mu.Lock()
	if err != nil {
		c.mu.Unlock()
	}
	c.m[k] = v
	c.mu.Unlock() // want `c\.mu\.Unlock\(\) unlocks c\.mu a second time on this path`
}

func (c *Cache[K, V]) Get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

// Twice unlocks mu twice in a row: the second finds it unlocked.
func Twice[T any](mu *sync.Mutex, x T) T {
	mu.Lock()
	mu.Unlock()
	mu.Unlock() // want `mu\.Unlock\(\) unlocks mu a second time on this path`
	return x
}

// Use instantiates the generic code.
func Use() {
	c := &Cache[string, int]{m: map[string]int{}}
	c.Put("a", 1, nil)
	c.Get("a")
	var mu sync.Mutex
	Twice(&mu, 1)
}
