// Package flagarg: a helper that locks under a bool parameter. When
// every call of it in the package passes the same constant, the branch
// the constant rules out never runs: remove, called only with true,
// always holds s.mu where it counts down; drop, called only with false,
// never does. A helper called both ways, or one other packages can
// call, is judged on both branches.
package flagarg

import "sync"

// Sublist is safe for concurrent use.
type Sublist struct {
	mu    sync.Mutex
	count int
}

func (s *Sublist) Insert() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.count++
}

func (s *Sublist) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.count
}

func (s *Sublist) remove(shouldLock bool) {
	if shouldLock {
		s.mu.Lock()
		defer s.mu.Unlock()
	}
	s.count--
}

// Remove is the only caller of remove.
func (s *Sublist) Remove() { s.remove(true) }

// Table's drop is called only with false: it never locks.
//
// It is safe for concurrent use.
type Table struct {
	mu   sync.Mutex
	size int
}

func (t *Table) Grow() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.size++
}

func (t *Table) Len() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.size
}

func (t *Table) drop(lock bool) {
	if lock {
		t.mu.Lock()
		defer t.mu.Unlock()
	}
	t.size--
}

func (t *Table) DropFast() {
	t.drop(false) // want `latent: DropFast writes t\.size through \(\*Table\)\.drop → t\.size without holding t\.mu`
}
