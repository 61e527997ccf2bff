package fields

import "sync"

// A store made read-only or writable, for good: a read-only store's
// snapshot is never written, so its unlocked reads meet no writer; a
// writable store's writes take the lock, and its reads do too.
//
// It is safe for concurrent use.
type Snapshot struct {
	mu       sync.Mutex
	readOnly bool
	snap     map[string]int
}

func NewSnapshot(readOnly bool, m map[string]int) *Snapshot {
	return &Snapshot{readOnly: readOnly, snap: m}
}

// Peek answers from a read-only store without the lock.
func (s *Snapshot) Peek(k string) (int, bool) {
	if s.readOnly {
		return s.snap[k], true
	}
	return 0, false
}

func (s *Snapshot) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.snap)
}

func (s *Snapshot) Put(k string, v int) {
	if s.readOnly {
		return
	}
	s.mu.Lock()
	s.snap = map[string]int{k: v}
	s.mu.Unlock()
}

func (s *Snapshot) Reset() {
	if !s.readOnly {
		s.mu.Lock()
		s.snap = nil
		s.mu.Unlock()
	}
}

// Toggle is Snapshot whose mode can change after it is made.
//
// It is safe for concurrent use.
type Toggle struct {
	mu       sync.Mutex
	readOnly bool
	snap     map[string]int
}

func (s *Toggle) SetReadOnly(ro bool) {
	s.mu.Lock()
	s.readOnly = ro
	s.mu.Unlock()
}

// Peek answers without the lock while the store is read-only: a Put
// after SetReadOnly(false) on another goroutine writes meanwhile.
func (s *Toggle) Peek(k string) (int, bool) {
	if s.readOnly {
		return s.snap[k], true // want `Peek reads s\.snap without holding s\.mu`
	}
	return 0, false
}

func (s *Toggle) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.snap)
}

func (s *Toggle) Put(k string, v int) {
	if s.readOnly {
		return
	}
	s.mu.Lock()
	s.snap = map[string]int{k: v}
	s.mu.Unlock()
}

func (s *Toggle) Reset() {
	if !s.readOnly {
		s.mu.Lock()
		s.snap = nil
		s.mu.Unlock()
	}
}
