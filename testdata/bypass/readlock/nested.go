package readlock

import "sync"

// A settings tree: a Profile holds its Namespace, and each has its own
// lock. Namespace.Validate trims the favourites holding only the
// namespace's read lock, but the package calls it only from
// Profile.Validate, with the profile's lock held: two Validates of one
// namespace never overlap, and every other use of the favourites takes
// the namespace's write lock. Nothing races.
type Namespace struct {
	mu        sync.RWMutex
	Favorites []string
}

func (n *Namespace) Validate(valid func(string) bool) {
	n.mu.RLock()
	defer n.mu.RUnlock()
	for _, f := range n.Favorites {
		if !valid(f) {
			n.remove(f)
		}
	}
}

func (n *Namespace) remove(f string) {
	for i, g := range n.Favorites {
		if g == f {
			n.Favorites = append(n.Favorites[:i], n.Favorites[i+1:]...)
			return
		}
	}
}

func (n *Namespace) Add(f string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.Favorites = append(n.Favorites, f)
}

type Profile struct {
	mu        sync.Mutex
	Namespace *Namespace
}

func (p *Profile) Validate(valid func(string) bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.Namespace == nil {
		p.Namespace = &Namespace{}
	}
	p.Namespace.Validate(valid)
}

// Shelf's Validate is called the same way, and also by Refresh, which
// does not take the shelf's lock: Refresh and Validate trim one
// namespace's favourites at the same time, both under its read lock.
type Shelf struct {
	mu   sync.RWMutex
	Tags []string
}

func (s *Shelf) Validate(valid func(string) bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	for i, t := range s.Tags {
		if !valid(t) {
			s.Tags = s.Tags[:i] // want `^latent: Validate writes s\.Tags holding only the read lock of s\.mu .*races whenever another goroutine runs Validate, Validate \(nested\.go:88\) or Refresh \(nested\.go:92\) meanwhile; take s\.mu\.Lock\(\) instead of the read lock [^;]*, or a lock of the written state.s own$`
			return
		}
	}
}

func (s *Shelf) Add(t string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.Tags = append(s.Tags, t)
}

type Room struct {
	mu    sync.Mutex
	Shelf *Shelf
}

func (r *Room) Validate(valid func(string) bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.Shelf.Validate(valid)
}

func (r *Room) Refresh(valid func(string) bool) {
	r.Shelf.Validate(valid)
}
