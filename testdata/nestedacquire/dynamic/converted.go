package dynamic

import "sync"

// Cache is an exported interface: other packages may implement it, so a
// call on a Cache of unknown origin is not resolved.
type Cache interface{ Get(k string) int }

type LRU struct {
	mu sync.Mutex
	m  map[string]int
}

func (l *LRU) Get(k string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.m[k]
}

// Sum holds l.mu and calls Get on a Cache that is l itself, put in the
// interface here: Get locks l.mu again.
func (l *LRU) Sum(keys []string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	var c Cache = l
	n := 0
	for _, k := range keys {
		n += c.Get(k) // want `certain: call to \(\*LRU\)\.Get acquires l\.mu`
	}
	return n
}

// Fill holds l.mu and reads from another Cache, given by the caller:
// whatever it is, the package does not know it.
func (l *LRU) Fill(from Cache, keys []string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, k := range keys {
		l.m[k] = from.Get(k)
	}
}
