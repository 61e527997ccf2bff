package basic

import "sync"

type Map[K comparable, V any] struct {
	mu sync.RWMutex
	m  map[K]V
}

func (c *Map[K, V]) Load(k K) (V, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	v, ok := c.m[k]
	return v, ok
}

// LoadOrStore holds the write lock of c.mu when it calls Load, whose
// RLock waits for that writer: itself.
func (c *Map[K, V]) LoadOrStore(k K, v V) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.Load(k); ok { // want `call to \(\*Map\)\.Load acquires c\.mu .*the read lock waits for the writer`
		return old
	}
	c.m[k] = v
	return v
}

func (c *Map[K, V]) loadLocked(k K) (V, bool) {
	v, ok := c.m[k]
	return v, ok
}

func (c *Map[K, V]) LoadOrStoreGood(k K, v V) V {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.loadLocked(k); ok {
		return old
	}
	c.m[k] = v
	return v
}

func With[L sync.Locker](l L, f func()) {
	l.Lock()
	defer l.Unlock()
	f()
}

// WithTwice locks l and calls With, which locks l again.
func WithTwice[L sync.Locker](l L) {
	l.Lock()
	defer l.Unlock()
	With(l, func() {}) // want `latent: call to With acquires l`
}

// Instantiated locks mu and calls With, which locks the same mutex again.
func Instantiated(mu *sync.Mutex) {
	mu.Lock()
	defer mu.Unlock()
	With(mu, func() {}) // want `call to With acquires mu`
}

func InstantiatedOther(a, b *sync.Mutex) {
	a.Lock()
	defer a.Unlock()
	With(b, func() {})
}
