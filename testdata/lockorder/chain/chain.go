// Package chain: an inversion between two types across three call levels,
// one path reaching the second lock through a back-pointer field
// (r.store.mu and s.mu are one class, Store.mu).
package chain

import "sync"

type Store struct {
	mu   sync.Mutex
	regs map[string]*Region
}

type Region struct {
	mu    sync.Mutex
	store *Store
	n     int
}

func (s *Store) Compact() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range s.regs {
		s.compactRegion(r) // want `latent: r\.mu is acquired in \(\*Store\)\.compactRegion while holding s\.mu, but \(\*Region\)\.Split`
	}
}

func (s *Store) compactRegion(r *Region) { r.shrink() }

func (r *Region) shrink() {
	r.mu.Lock()
	r.n--
	r.mu.Unlock()
}

func (r *Region) Split() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.notify() // want `latent: r\.store\.mu is acquired in \(\*Region\)\.notify while holding r\.mu, but \(\*Store\)\.Compact`
}

func (r *Region) notify() { r.register() }

func (r *Region) register() {
	r.store.mu.Lock()
	r.store.regs["x"] = r
	r.store.mu.Unlock()
}

// Detach lets go of r.mu before it reaches the store.
func (r *Region) Detach() {
	r.mu.Lock()
	r.n = 0
	r.mu.Unlock()
	r.register()
}
