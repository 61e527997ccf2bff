// Package backptr holds stores whose parts point back at their store:
// an index made with the store and set to it, so x.store is the store
// whose idx field holds x.
package backptr

import "sync"

type Store struct {
	mu    sync.RWMutex
	items map[string]int
	idx   *index
	log   *journal
}

type index struct {
	store *Store
	hits  int
}

// journal points back at its store through its constructor.
type journal struct {
	store *Store
	lines []string
}

func newJournal(s *Store) *journal { return &journal{store: s} }

func New() *Store {
	s := &Store{items: map[string]int{}}
	s.idx = &index{store: s}
	s.log = newJournal(s)
	return s
}

func (x *index) lookup(k string) int {
	x.store.mu.RLock()
	defer x.store.mu.RUnlock()
	return x.store.items[k]
}

func (j *journal) last() string {
	j.store.mu.RLock()
	defer j.store.mu.RUnlock()
	if len(j.lines) == 0 {
		return ""
	}
	return j.lines[len(j.lines)-1]
}

// Put takes the write lock that queues between two read locks.
func (s *Store) Put(k string, v int) {
	s.mu.Lock()
	s.items[k] = v
	s.mu.Unlock()
}

func (s *Store) find(k string) int { return s.probe(k) }

func (s *Store) probe(k string) int { return s.idx.lookup(k) }

// Get read-locks s.mu and, three calls down, the index read-locks
// x.store.mu, which is s.mu: every index is made with its store and set
// to it. A Put that queues between the two RLocks deadlocks both.
func (s *Store) Get(k string) int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.find(k) // want `latent: call to \(\*Store\)\.find acquires s\.mu`
}

// Last reaches the store's lock through the journal its constructor
// points back at s.
func (s *Store) Last() string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.log.last() // want `latent: call to \(\*journal\)\.last acquires s\.mu`
}

// Count reads without the lock: nothing nests.
func (s *Store) Count(k string) int { return s.find(k) }

// Hits read-locks s.mu, then its index's store's lock, which is s.mu
// again: a Put that queues between the two deadlocks both.
func (s *Store) Hits() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	ix := s.idx
	ix.store.mu.RLock() // want `latent: s\.mu\.RLock while s\.mu is already held on this path \(read-locked at backptr\.go:84\)`
	defer ix.store.mu.RUnlock()
	return ix.hits
}
