package loops

import "sync"

// defer RLock written for defer RUnlock (tikv's KVSnapshot.SnapCacheSize):
// each call leaves two read locks held, so the next write lock, Add's,
// blocks for good. Sizes, the near miss, defers the RUnlock.
type Index struct {
	mu   sync.RWMutex
	keys map[string]int
}

func (ix *Index) Size() int {
	ix.mu.RLock()
	defer ix.mu.RLock() // want `latent: deferred ix\.mu\.RLock runs at return while ix\.mu is still held .*: the read lock is taken again and neither is released, so every later write lock blocks for good.* defer ix\.mu\.RUnlock\(\)`
	return len(ix.keys)
}

func (ix *Index) Sizes() int {
	ix.mu.RLock()
	defer ix.mu.RUnlock()
	return len(ix.keys)
}

func (ix *Index) Add(k string) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.keys[k]++
}

// Snap keeps its lock in an unnamed struct beside what it guards, as
// tikv's KVSnapshot does: the lock's class is named through the field
// that holds the struct (Snap.mu.RWMutex), and the writer is found.
type Snap struct {
	mu struct {
		sync.RWMutex
		cached map[string]int
	}
}

func (s *Snap) CacheSize() int {
	s.mu.RLock()
	defer s.mu.RLock() // want `latent: deferred s\.mu\.RLock runs at return while s\.mu is still held`
	return len(s.mu.cached)
}

func (s *Snap) Put(k string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mu.cached[k]++
}
