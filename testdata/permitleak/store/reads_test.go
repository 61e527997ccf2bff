package store

import (
	"sync"
	"testing"
)

// A test's mock that keeps its read lock on an early return, as a mock
// that records calls often does: the test's own Record, which it can
// call next on the same goroutine, is the writer that then blocks.
type recorder struct {
	mu   sync.RWMutex
	seen map[string]int
}

func (r *recorder) Record(k string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seen[k]++
}

func (r *recorder) check(k string) int {
	r.mu.RLock()
	n, ok := r.seen[k]
	if !ok {
		return 0 // want `latent: this return keeps r\.mu \(sync\.RWMutex\) held: .* \(r\.mu\.Lock in \(\*recorder\)\.Record at reads_test\.go:\d+\)`
	}
	r.mu.RUnlock()
	return n
}

// counter is recorder's near miss: nothing in the test write-locks it.
type counter struct {
	mu   sync.RWMutex
	seen map[string]int
}

func (c *counter) check(k string) int {
	c.mu.RLock()
	n, ok := c.seen[k]
	if !ok {
		return 0
	}
	c.mu.RUnlock()
	return n
}

func TestCheck(t *testing.T) {
	r := &recorder{seen: map[string]int{}}
	c := &counter{seen: map[string]int{"a": 1}}
	if r.check("a") != 0 || c.check("a") != 1 {
		t.Fatal("seen")
	}
}
