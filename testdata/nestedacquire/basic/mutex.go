// Package basic holds nestedacquire's cases on one package: each
// positive beside the correct idioms it must not be confused with.
package basic

import "sync"

type Store struct {
	mu    sync.Mutex
	items map[string]int
}

// DoubleLock locks s.mu twice on its one path: the second Lock blocks
// forever.
func (s *Store) DoubleLock() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mu.Lock() // want `s\.mu\.Lock while s\.mu is already held on this path \(locked at mutex\.go:15\): sync\.Mutex is not reentrant`
}

func (s *Store) UnlockThenRelock() {
	s.mu.Lock()
	s.items["a"]++
	s.mu.Unlock()
	s.mu.Lock()
	s.items["b"]++
	s.mu.Unlock()
}

func (s *Store) Get(k string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.items[k]
}

func (s *Store) getLocked(k string) int { return s.items[k] }

// IncrBad holds s.mu and calls Get, which locks it again.
func (s *Store) IncrBad(k string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.items[k] = s.Get(k) + 1 // want `call to \(\*Store\)\.Get acquires s\.mu \(s\.mu\.Lock at mutex\.go:30\) while it is already held`
}

func (s *Store) IncrGood(k string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.items[k] = s.getLocked(k) + 1
}

func TwoStores(a, b *Store) {
	a.mu.Lock()
	defer a.mu.Unlock()
	b.mu.Lock() // different instances: two gates
	defer b.mu.Unlock()
}

func (s *Store) TryTwice() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.mu.TryLock() // never blocks
}

func (s *Store) Goroutine() {
	s.mu.Lock()
	defer s.mu.Unlock()
	go func() {
		s.mu.Lock() // a new goroutine waits its turn
		defer s.mu.Unlock()
	}()
}

// ClosureInPlace calls a literal that locks s.mu, which it holds.
func (s *Store) ClosureInPlace() {
	s.mu.Lock()
	defer s.mu.Unlock()
	func() {
		s.mu.Lock() // want `s\.mu\.Lock while s\.mu is already held`
		s.mu.Unlock()
	}()
}

// The hasLock idiom: callers that hold the lock say so.
func (s *Store) lookup(k string, hasLock bool) int {
	if !hasLock {
		s.mu.Lock()
		defer s.mu.Unlock()
	}
	return s.items[k]
}

func (s *Store) LookupHeld(k string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lookup(k, true)
}

// LookupWrongFlag holds s.mu and tells lookup it does not: lookup locks
// it again.
func (s *Store) LookupWrongFlag(k string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lookup(k, false) // want `call to \(\*Store\)\.lookup acquires s\.mu`
}

// LookupFlag holds s.mu and passes lookup a flag that is not a
// constant: when flush is false, lookup locks s.mu again and blocks
// forever.
func (s *Store) LookupFlag(k string, flush bool) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lookup(k, flush) // want `^latent: call to \(\*Store\)\.lookup acquires s\.mu .*: when flush is false, sync\.Mutex is not reentrant`
}

func (s *Store) LookupUnheld(k string) int {
	return s.lookup(k, false)
}

// The flag can also reach the lock through closures.
func (s *Store) remove(k string, needLock bool) {
	lock := func() {
		if needLock {
			s.mu.Lock()
		}
	}
	unlock := func() {
		if needLock {
			s.mu.Unlock()
		}
	}
	lock()
	delete(s.items, k)
	unlock()
}

func (s *Store) RemoveHeld(k string) {
	s.mu.Lock()
	s.remove(k, false)
	s.mu.Unlock()
}

// RemoveWrong holds s.mu and asks remove to lock it: remove's lock
// closure locks it again.
func (s *Store) RemoveWrong(k string) {
	s.mu.Lock()
	s.remove(k, true) // want `call to \(\*Store\)\.remove acquires s\.mu`
	s.mu.Unlock()
}

// A callee that takes the lock on either of two paths is one report.
func (s *Store) either(a bool) {
	if a {
		s.IncrGood("a")
	} else {
		s.IncrGood("b")
	}
}

// EitherHeld holds s.mu and calls either, which locks it through
// IncrGood on both of its paths.
func (s *Store) EitherHeld(a bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.either(a) // want `call to \(\*Store\)\.either acquires s\.mu`
}

// A flagged helper that locks and unlocks leaves the caller's hold alone,
// so a real re-lock after it is still seen.
func (s *Store) peek(k string, needLock bool) int {
	if needLock {
		s.mu.Lock()
	}
	n := s.items[k]
	if needLock {
		s.mu.Unlock()
	}
	return n
}

// PeekThenRelock locks s.mu a second time while it holds it.
func (s *Store) PeekThenRelock(k string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	_ = s.peek(k, false)
	s.mu.Lock() // want `s\.mu\.Lock while s\.mu is already held`
}

// reload returns early when nothing changed, unless forced: the lock
// below is taken on both values of force (a changed config reloads
// unforced), so force is no flag that decides it.
func (s *Store) reload(force bool, same bool) {
	if !force && same {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
}

// Refresh holds s.mu and reloads unforced: when the config changed,
// reload locks s.mu again and blocks forever.
func (s *Store) Refresh(same bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reload(false, same) // want `^latent: call to \(\*Store\)\.reload can acquire s\.mu`
}
