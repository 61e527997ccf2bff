// Package held checks the must-held dataflow: probe() reports the gates
// held on every path to it, as the whole set: each want is anchored, so
// that a gate too many fails as well as one too few.
package held

import (
	"context"
	"sync"

	"golang.org/x/sync/semaphore"
)

func probe() {}

type S struct {
	mu  sync.Mutex
	rw  sync.RWMutex
	sem *semaphore.Weighted
}

func (s *S) Straight() {
	s.mu.Lock()
	probe() // want `^held: \[s\.mu\]$`
	s.mu.Unlock()
	probe() // want `^held: \[\]$`
}

func (s *S) Deferred() {
	s.mu.Lock()
	defer s.mu.Unlock()
	probe() // want `^held: \[s\.mu\]$`
}

func (s *S) Branches(c bool) {
	if c {
		s.mu.Lock()
		probe() // want `^held: \[s\.mu\]$`
	} else {
		s.mu.Lock()
		s.rw.RLock()
		probe() // want `^held: \[s\.mu s\.rw\(r\)\]$`
		s.rw.RUnlock()
	}
	probe() // want `^held: \[s\.mu\]$`
	s.mu.Unlock()
}

func (s *S) OneBranch(c bool) {
	if c {
		s.mu.Lock()
	}
	probe() // want `^held: \[\]$`
}

// Uneven: a gate held on one path only is not held after the join, beside
// one held on both.
func (s *S) Uneven(c bool) {
	s.mu.Lock()
	if c {
		s.rw.Lock()
		probe() // want `^held: \[s\.mu s\.rw\]$`
	}
	probe() // want `^held: \[s\.mu\]$`
}

// Modes: a gate held exclusively on one path and shared on the other is
// held in neither mode after the join.
func (s *S) Modes(c bool) {
	s.mu.Lock()
	if c {
		s.rw.Lock()
	} else {
		s.rw.RLock()
	}
	probe() // want `^held: \[s\.mu\]$`
}

func (s *S) Loop(n int) {
	for i := 0; i < n; i++ {
		s.mu.Lock()
		probe() // want `^held: \[s\.mu\]$`
		s.mu.Unlock()
	}
	probe() // want `^held: \[\]$`
}

func (s *S) Try() {
	if s.mu.TryLock() {
		probe() // want `^held: \[s\.mu\]$`
		s.mu.Unlock()
		return
	}
	probe() // want `^held: \[\]$`
}

func (s *S) Weighted(ctx context.Context) error {
	if err := s.sem.Acquire(ctx, 1); err != nil {
		probe() // want `^held: \[\]$`
		return err
	}
	probe() // want `^held: \[s\.sem\]$`
	s.sem.Release(1)
	return nil
}

func (s *S) WeightedEq(ctx context.Context) {
	err := s.sem.Acquire(ctx, 1)
	if err == nil {
		probe() // want `^held: \[s\.sem\]$`
		s.sem.Release(1)
	}
}

func (s *S) lock()   { s.mu.Lock() }
func (s *S) unlock() { s.mu.Unlock() }

func (s *S) Helpers() {
	s.lock()
	probe() // want `^held: \[s\.mu\]$`
	s.unlock()
	probe() // want `^held: \[\]$`
}

func (s *S) Panics(c bool) {
	s.mu.Lock()
	if c {
		panic("boom")
	}
	probe() // want `^held: \[s\.mu\]$`
	s.mu.Unlock()
}

func (s *S) Goroutine() {
	s.mu.Lock()
	go func() {
		probe() // want `^held: \[\]$`
		s.mu.Unlock()
	}()
	probe() // want `^held: \[\]$`
}

func (s *S) InPlace() {
	func() {
		s.mu.Lock()
	}()
	probe() // want `^held: \[s\.mu\]$`
	s.mu.Unlock()
}

func (s *S) put(hasLock bool) {
	if !hasLock {
		s.mu.Lock()
	}
	if !hasLock {
		s.mu.Unlock()
	}
}

func (s *S) Flagged() {
	s.mu.Lock()
	s.put(true)
	probe() // want `^held: \[s\.mu\]$`
	s.mu.Unlock()
	s.put(false)
	probe() // want `^held: \[\]$`
}
