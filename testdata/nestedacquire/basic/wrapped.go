package basic

import "sync"

// Wrapped mutexes, as several large projects declare theirs so that a
// build tag can swap in a deadlock detector: the report names the lock
// as the source spells it, s.mu, not s.mu.Mutex.
type wrappedMutex struct{ sync.Mutex }

type wrappedRWMutex struct{ sync.RWMutex }

type Tally struct {
	mu wrappedMutex
	rw wrappedRWMutex
	n  int
	m  map[string]int
}

func (t *Tally) inc() {
	t.mu.Lock()
	t.n++
	t.mu.Unlock()
}

func (t *Tally) incLocked() { t.n++ }

// Add holds t.mu and calls inc, which locks it again: every call
// blocks for good.
func (t *Tally) Add() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.inc() // want `certain: call to \(\*Tally\)\.inc acquires t\.mu \(t\.mu\.Lock at wrapped\.go:\d+\) while it is already held`
}

// AddTwice calls the variant that expects the lock held.
func (t *Tally) AddTwice() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.incLocked()
	t.incLocked()
}

func (t *Tally) get(k string) int {
	t.rw.RLock()
	defer t.rw.RUnlock()
	return t.m[k]
}

// Sum read-locks t.rw and calls get, which read-locks it again: a Set
// that queues for the write lock between the two blocks both.
func (t *Tally) Sum(k string) int {
	t.rw.RLock()
	defer t.rw.RUnlock()
	return t.get(k) + len(t.m) // want `latent: call to \(\*Tally\)\.get acquires t\.rw \(t\.rw\.RLock at wrapped\.go:\d+\) while it is already held`
}

func (t *Tally) Set(k string, v int) {
	t.rw.Lock()
	t.m[k] = v
	t.rw.Unlock()
}
