package basic

import "sync"

// Embedded mutex, promoted methods: IncrTwice holds it and calls Incr.
type Counter struct {
	sync.Mutex
	n int
}

func (c *Counter) Incr() {
	c.Lock()
	defer c.Unlock()
	c.n++
}

// IncrTwice holds the embedded mutex when it calls Incr, which locks it
// again: it blocks forever.
func (c *Counter) IncrTwice() {
	c.Lock()
	defer c.Unlock()
	c.n++
	c.Incr() // want `call to \(\*Counter\)\.Incr acquires c\.Mutex`
}

// A value receiver locks its own copy (go vet's copylocks reports the
// copy); it never waits for the caller's lock.
type Snapshot struct {
	mu sync.Mutex
	v  int
}

func (s Snapshot) Value() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.v
}

func (s *Snapshot) Refresh() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.Value()
}

// A value receiver holding a pointer to a shared mutex is the same gate.
type Shared struct {
	mu *sync.Mutex
}

// Lock2 locks the shared mutex twice through its pointer: the second
// Lock blocks forever.
func (s Shared) Lock2() {
	s.mu.Lock()
	s.mu.Lock() // want `s\.mu\.Lock while s\.mu is already held`
}

// Method values: lock is s.mu.Lock, and its second call blocks for good.
func (s *Store) MethodValue() {
	lock, unlock := s.mu.Lock, s.mu.Unlock
	lock()
	defer unlock()
	lock() // want `s\.mu\.Lock while s\.mu is already held`
}

// A sync.Locker interface: WithLockerTwice and LockerHelper lock it twice; behind an interface the lock is not known (latent: a mutex blocks, an RLocker waits for a writer).
func WithLocker(l sync.Locker, f func()) {
	l.Lock()
	defer l.Unlock()
	f()
}

func WithLockerTwice(l sync.Locker) {
	l.Lock()
	defer l.Unlock()
	l.Lock() // want `latent: l\.Lock while l is already held .*: a sync\.Locker that is a mutex is not reentrant, so this blocks forever when it is one`
}

// LockerHelper holds mu when WithLocker locks the same mutex: it blocks
// forever.
func LockerHelper(mu *sync.Mutex) {
	mu.Lock()
	defer mu.Unlock()
	WithLocker(mu, func() {}) // want `call to WithLocker acquires mu`
}

// A lock helper that returns its unlock: the caller's release goes
// through a func value the model does not follow, so it stays silent.
func (s *Store) lock() func() {
	s.mu.Lock()
	return s.mu.Unlock
}

func (s *Store) UsesLockHelper() {
	unlock := s.lock()
	s.items["x"]++
	unlock()
	s.mu.Lock()
	s.mu.Unlock()
}

// Lock and unlock helpers that keep the gate across their return.
func (s *Store) acquire() { s.mu.Lock() }
func (s *Store) release() { s.mu.Unlock() }

func (s *Store) HelperPair() {
	s.acquire()
	s.items["y"]++
	s.release()
	s.acquire()
	s.release()
}

// HelperTwice takes s.mu through acquire twice on its one path: the
// second blocks forever.
func (s *Store) HelperTwice() {
	s.acquire()
	defer s.release()
	s.acquire() // want `call to \(\*Store\)\.acquire acquires s\.mu .*locked through \(\*Store\)\.acquire at more\.go:116`
}

// Which gate is locked is not known on one path: silent.
func Either(a, b *Store, first bool) {
	m := &a.mu
	if !first {
		m = &b.mu
	}
	m.Lock()
	defer m.Unlock()
	a.mu.Lock()
	a.mu.Unlock()
}

// Conditional locking correlated with a flag is not must-held.
func (s *Store) MaybeLocked(locked bool) {
	if !locked {
		s.mu.Lock()
		defer s.mu.Unlock()
	}
	s.items["z"]++
}

// A recursive function terminates and stays silent.
func (s *Store) Walk(n int) {
	if n == 0 {
		return
	}
	s.mu.Lock()
	s.items["n"] = n
	s.mu.Unlock()
	s.Walk(n - 1)
}
