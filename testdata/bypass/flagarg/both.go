package flagarg

import "sync"

// A helper called both ways is two functions in one: each call runs the
// one its constant picks (nats-server's memStore.loadMsgLocked, called
// with true by LoadMsg and with false by callers that hold the lock).
// Store's Load passes true and holds s.mu where load reads; Scan holds
// it itself and passes false. Peek, the near miss, passes false without
// holding it.
//
// It is safe for concurrent use.
type Store struct {
	mu   sync.RWMutex
	msgs map[int]string
	last int
}

func (s *Store) Put(k int, v string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgs[k] = v
	s.last = k
}

func (s *Store) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgs = make(map[int]string)
	s.last = 0
}

func (s *Store) load(k int, needLock bool) (string, bool) {
	if needLock {
		s.mu.RLock()
	}
	v, ok := s.msgs[k]
	last := s.last
	if needLock {
		s.mu.RUnlock()
	}
	return v, ok && k <= last
}

func (s *Store) Load(k int) (string, bool) { return s.load(k, true) }

func (s *Store) Scan(ks []int) int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	n := 0
	for _, k := range ks {
		if _, ok := s.load(k, false); ok {
			n++
		}
	}
	return n
}

func (s *Store) Peek(k int) string {
	v, _ := s.load(k, false) // want `latent: Peek reads s\.msgs through \(\*Store\)\.load → s\.msgs without holding s\.mu`
	return v
}

// Cache is Store written callers first: Get comes before the helper it
// calls, so the helper's summaries are derived while Get's is, and each
// caller must still see the one for the constant it passes: Get the one
// for true, which holds c.mu where lookup reads; Count and Sneak the one
// for false. Sneak, the near miss, passes false without holding c.mu
// (missed while a caller derived before the helper saw its general
// summary, the same for both constants).
//
// It is safe for concurrent use.
type Cache struct {
	mu      sync.RWMutex
	entries map[int]string
}

func (c *Cache) Get(k int) string { return c.lookup(k, true) }

func (c *Cache) Set(k int, v string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries[k] = v
}

func (c *Cache) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.entries = make(map[int]string)
}

func (c *Cache) Count(ks []int) int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	n := 0
	for _, k := range ks {
		if c.lookup(k, false) != "" {
			n++
		}
	}
	return n
}

func (c *Cache) Sneak(k int) string {
	return c.lookup(k, false) // want `latent: Sneak reads c\.entries through \(\*Cache\)\.lookup → c\.entries without holding c\.mu`
}

func (c *Cache) lookup(k int, needLock bool) string {
	if needLock {
		c.mu.RLock()
	}
	v := c.entries[k]
	if needLock {
		c.mu.RUnlock()
	}
	return v
}
