package readlock

import "sync"

// SkipList is a skip list whose search records the path it took only
// when asked to (goleveldb's memdb findGE): writers ask, holding the
// write lock, to splice a node in; readers search holding the read lock
// and do not ask, so the shared path is never written under a read lock.
type SkipList struct {
	mu   sync.RWMutex
	keys []int
	prev [4]int
}

// findGE returns the first index whose key is at least key. Callers
// must hold the write lock if prev is true: the search records its path
// in prev.
func (l *SkipList) findGE(key int, prev bool) int {
	for h := len(l.prev) - 1; h >= 0; h-- {
		if prev {
			l.prev[h] = h
		}
	}
	for i, k := range l.keys {
		if k >= key {
			return i
		}
	}
	return len(l.keys)
}

// Put inserts key, splicing it in at the recorded path.
func (l *SkipList) Put(key int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	i := l.findGE(key, true)
	l.keys = append(l.keys[:i], append([]int{key}, l.keys[i:]...)...)
}

// Delete removes key, if present.
func (l *SkipList) Delete(key int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if i := l.findGE(key, true); i < len(l.keys) && l.keys[i] == key {
		l.keys = append(l.keys[:i], l.keys[i+1:]...)
	}
}

// Contains reports whether key is in the list.
func (l *SkipList) Contains(key int) bool {
	l.mu.RLock()
	defer l.mu.RUnlock()
	i := l.findGE(key, false)
	return i < len(l.keys) && l.keys[i] == key
}

// Seek returns the index of the first key at least key.
func (l *SkipList) Seek(key int) int {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return l.findGE(key, false)
}

// Mark is the twin that asks for the path under the read lock: two
// readers write l.prev at once.
func (l *SkipList) Mark(key int) int {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return l.findGE(key, true) // want `^latent: Mark writes l\.prev through \(\*SkipList\)\.findGE → l\.prev holding only the read lock of l\.mu`
}
