// Package readers holds read locks taken twice on one path. That
// deadlocks only when a writer queues between the two, so a report names
// a writer that can run meanwhile.
package readers

import "sync"

// Table has a writer, Set: a reader that read-locks twice can deadlock
// against it.
type Table struct {
	mu sync.RWMutex
	m  map[string]int
}

func (t *Table) Get(k string) int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.m[k]
}

func (t *Table) Set(k string, v int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.m[k] = v
}

func (t *Table) Sum(a, b string) int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.m[a] + t.Get(b) // want `latent: call to \(\*Table\)\.Get acquires t\.mu .*recursive read locking deadlocks when a writer queues between the two RLocks \(\(\*Table\)\.Set at readers\.go:22 takes the write lock\)`
}

// Frozen is filled before it is shared and only read afterwards: no code
// takes its write lock, so read-locking it twice cannot deadlock.
type Frozen struct {
	mu sync.RWMutex
	m  map[string]int
}

func (f *Frozen) Get(k string) int {
	f.mu.RLock()
	defer f.mu.RUnlock()
	return f.m[k]
}

func (f *Frozen) Sum(a, b string) int {
	f.mu.RLock()
	defer f.mu.RUnlock()
	return f.m[a] + f.Get(b)
}

// Guard is read-locked twice only in its tests; its writer is Reset.
type Guard struct {
	mu sync.RWMutex
	n  int
}

func (g *Guard) Read() int {
	g.mu.RLock()
	defer g.mu.RUnlock()
	return g.n
}

func (g *Guard) Reset() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.n = 0
}

// Loop resets g until stop closes: a background writer.
func (g *Guard) Loop(stop chan struct{}) {
	for {
		select {
		case <-stop:
			return
		default:
			g.Reset()
		}
	}
}

// Start runs the background writer.
func (g *Guard) Start(stop chan struct{}) { go g.Loop(stop) }
