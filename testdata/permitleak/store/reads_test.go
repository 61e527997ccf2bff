package store

import (
	"sync"
	"testing"
)

// A test's mock that keeps its read lock on an early return (go-kit's
// cloudwatch mock): the test runs its calls in the order it spells, and
// a Record after the leak would hang it each time it took that path, so
// the leak is not reported, though Record write-locks the mock.
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
		return 0
	}
	r.mu.RUnlock()
	return n
}

// counter: nothing write-locks it at all.
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
	done := make(chan struct{})
	go func() {
		defer close(done)
		r.Record("a")
	}()
	<-done
	if r.check("a") != 1 || c.check("a") != 1 {
		t.Fatal("seen")
	}
}
