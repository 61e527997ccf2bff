// Package handle: a small struct passed by value that carries a pointer
// to a mutex shares the mutex with every copy; identity follows the
// pointer, not the copy.
package handle

import "sync"

type ref struct {
	mu    *sync.Mutex
	count *int
}

func (r ref) incr() {
	r.mu.Lock()
	*r.count++
	r.mu.Unlock()
}

type Table struct {
	ref ref
}

// Bump holds t.ref.mu and calls incr, whose copy of ref points at the
// same mutex and locks it again.
func (t *Table) Bump() {
	t.ref.mu.Lock()
	defer t.ref.mu.Unlock()
	t.ref.incr() // want `certain: call to ref\.incr acquires t\.ref\.mu \(r\.mu\.Lock at handle\.go:\d+\) while it is already held on this path`
}

// Bump holds r.mu and calls incr, which locks the same mutex again.
func Bump(r ref) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.incr() // want `certain: call to ref\.incr acquires r\.mu`
}

// Near misses.

// fresh gives its copy a mutex of its own before locking it.
func (r ref) fresh() {
	r.mu = new(sync.Mutex)
	r.mu.Lock()
	r.mu.Unlock()
}

func (t *Table) Fresh() {
	t.ref.mu.Lock()
	defer t.ref.mu.Unlock()
	t.ref.fresh()
}

// other locks another handle's mutex.
func Swap(a, b ref) {
	a.mu.Lock()
	defer a.mu.Unlock()
	b.incr()
}

// A struct holding the mutex itself is copied with it: the copy locks
// its own mutex (go vet's copylocks reports the copy).
type box struct {
	mu sync.Mutex
	n  int
}

func (b box) peek() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.n
}

func (b *box) Peek() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.peek()
}
