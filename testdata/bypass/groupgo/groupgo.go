// Package groupgo: a function a WaitGroup's Go starts runs on a
// goroutine of its own, not under what its starter holds. Bump holds
// s.mu only while it starts the goroutine, which writes s.n after Bump
// may have unlocked; Sum waits for its goroutines before it unlocks, so
// they ran inside its critical section.
package groupgo

import (
	"sync"

	"golang.org/x/sync/errgroup"
)

type Stats struct {
	mu sync.Mutex
	n  int
	wg sync.WaitGroup
}

func (s *Stats) Add() {
	s.mu.Lock()
	s.n++
	s.mu.Unlock()
}

func (s *Stats) Reset() {
	s.mu.Lock()
	s.n = 0
	s.mu.Unlock()
}

// Bump's goroutine writes s.n with nothing held.
func (s *Stats) Bump() {
	s.mu.Lock()
	s.wg.Go(func() { s.n += 2 }) // want `^latent: the goroutine Bump starts writes s\.n through \(\*sync\.WaitGroup\)\.Go → func literal in \(\*Stats\)\.Bump → s\.n without holding s\.mu`
	s.mu.Unlock()
}

// Sum's goroutines end before it unlocks.
func (s *Stats) Sum(parts []int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var wg sync.WaitGroup
	for _, p := range parts {
		wg.Go(func() { s.n += p })
	}
	wg.Wait()
}

// Count's errgroup ends before it unlocks too.
func (s *Stats) Count(parts []int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var g errgroup.Group
	for range parts {
		g.Go(func() error { s.n++; return nil })
	}
	return g.Wait()
}
