// Package generic: a generic set with one unguarded method.
package generic

import "sync"

// Set is safe for concurrent use.
type Set[T comparable] struct {
	mu sync.Mutex
	m  map[T]struct{}
}

func (s *Set[T]) Add(v T) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = make(map[T]struct{})
	}
	s.m[v] = struct{}{}
}

func (s *Set[T]) Has(v T) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.m[v]
	return ok
}

func (s *Set[T]) Remove(v T) {
	s.mu.Lock()
	delete(s.m, v)
	s.mu.Unlock()
}

func (s *Set[T]) Size() int {
	return len(s.m) // want `Size reads s\.m without holding s\.mu, which guards it in Add`
}

// Use instantiates the set.
func Use() int {
	var s Set[string]
	s.Add("x")
	return s.Size()
}
