package store

import "sync"

// A read lock kept past a return costs nothing until a writer comes: the
// next Lock then blocks for good, and so does every RLock queued behind
// it. Index has such a writer, Rebuild; Snapshot, its near miss, has
// none, so its kept read lock is never waited for.
type Index struct {
	mu   sync.RWMutex
	keys map[string]int
}

func (ix *Index) Get(k string) (int, bool) {
	ix.mu.RLock()
	i, ok := ix.keys[k]
	if !ok {
		return 0, false // want `latent: this return keeps ix\.mu \(sync\.RWMutex\) held: it is released on the other paths, so once a pass through here has kept the read lock, the next write lock of ix\.mu \(ix\.mu\.Lock in \(\*Index\)\.Rebuild at reads\.go:\d+\) blocks for good`
	}
	ix.mu.RUnlock()
	return i, true
}

func (ix *Index) Rebuild(keys []string) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.keys = make(map[string]int)
	for i, k := range keys {
		ix.keys[k] = i
	}
}

type Snapshot struct {
	mu   sync.RWMutex
	keys map[string]int
}

func (s *Snapshot) Get(k string) (int, bool) {
	s.mu.RLock()
	i, ok := s.keys[k]
	if !ok {
		return 0, false
	}
	s.mu.RUnlock()
	return i, true
}
