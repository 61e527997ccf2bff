package readers

// RWLocker is a read-write lock behind an interface of the package's own,
// as syncthing's lib/sync hands them out: RLock is a read lock still.
type RWLocker interface {
	Lock()
	Unlock()
	RLock()
	RUnlock()
}

type Registry struct {
	mu RWLocker
	m  map[string]int
}

func (r *Registry) Get(k string) int {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.m[k]
}

func (r *Registry) Sum(a, b string) int {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.m[a] + r.Get(b) // want `latent: call to \(\*Registry\)\.Get acquires r\.mu .*read-locked at iface\.go:\d+.*recursive read locking deadlocks when a writer queues between the two RLocks \(\(\*Registry\)\.Put at iface\.go:\d+ takes the write lock\)`
}

func (r *Registry) Put(k string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.m[k]++
}

// Snapshot's lock is never write-locked: no writer can queue between its
// read locks.
type Snapshot struct {
	mu RWLocker
	m  map[string]int
}

func (s *Snapshot) Get(k string) int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.m[k]
}

func (s *Snapshot) Sum(a, b string) int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.m[a] + s.Get(b)
}
