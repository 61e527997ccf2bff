// Package defers: deferred calls run at return, last deferred first,
// with whatever is still held then. A deferred call that takes a lock
// the function holds until a release deferred before it blocks on it;
// the same call deferred first runs after the release.
package defers

import "sync"

type Store struct {
	mu    sync.Mutex
	items map[string]int
	dirty int
}

func (s *Store) flush() {
	s.mu.Lock()
	s.dirty = 0
	s.mu.Unlock()
}

// Save defers the flush after the unlock: the flush runs first, with
// s.mu held, and blocks on it; every Save hangs.
func (s *Store) Save(k string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.flush() // want `certain: deferred call to \(\*Store\)\.flush acquires s\.mu \(s\.mu\.Lock at defers\.go:\d+\) as the function returns, while s\.mu is still held \(locked at defers\.go:\d+\)`
	s.items[k]++
	s.dirty++
}

// SaveFirst defers the flush before it locks: the flush runs after the
// deferred unlock.
func (s *Store) SaveFirst(k string) {
	defer s.flush()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.items[k]++
	s.dirty++
}

// SaveUnlocked unlocks before it returns: the deferred flush finds the
// lock free.
func (s *Store) SaveUnlocked(k string) error {
	defer s.flush()
	s.mu.Lock()
	s.items[k]++
	s.mu.Unlock()
	return nil
}

// Touch calls, with s.mu held, a function whose deferred call takes
// s.mu: the callee's deferred acquire is its own, for its callers too.
func (s *Store) Touch(k string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bump(k) // want `certain: call to \(\*Store\)\.bump acquires s\.mu`
}

func (s *Store) bump(k string) {
	defer s.flush()
	s.items[k]++
}

type Client struct {
	once, logOnce sync.Once
	conf          map[string]string
}

// Init re-enters the Once from a call deferred inside its function: the
// deferred Do runs before the first returns, and waits for it.
func (c *Client) Init() {
	c.once.Do(func() {
		defer c.once.Do(c.defaults) // want `certain: c\.once\.Do while c\.once\.Do is running on this path \(entered at defers\.go:72\)`
		c.conf = map[string]string{}
	})
}

func (c *Client) defaults() { c.conf["mode"] = "default" }

// InitLog defers a Do of another Once.
func (c *Client) InitLog() {
	c.once.Do(func() {
		defer c.logOnce.Do(c.defaults)
		c.conf = map[string]string{}
	})
}
