// Package e2e is the module that gatevet's end-to-end test runs go vet on.
// It holds exactly one bug: the second s.mu.Lock in Bad, the line marked
// with the e2e:nestedacquire comment, while the first (marked e2e:held)
// still holds s.mu. Everything else is correct, or suppressed with
// //gatevet:ignore, and must stay unreported in every mode.
package e2e

import "sync"

// S is a counter guarded by mu.
type S struct {
	mu sync.Mutex
	n  int
}

// Bad locks s.mu while it already holds it, and so deadlocks.
func (s *S) Bad() {
	s.mu.Lock() // e2e:held
	defer s.mu.Unlock()
	s.mu.Lock() // e2e:nestedacquire
	s.n++
}

// Relock releases s.mu before it takes it again.
func (s *S) Relock() {
	s.mu.Lock()
	s.n++
	s.mu.Unlock()

	s.mu.Lock()
	s.n--
	s.mu.Unlock()
}

// Inc calls a helper that expects s.mu to be held.
func (s *S) Inc() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.incLocked()
}

// incLocked increments the counter. The caller holds s.mu.
//
//gatevet:holds s.mu
func (s *S) incLocked() {
	s.n++
}

// Get reads the counter under s.mu.
func (s *S) Get() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n
}

// Suppressed has Bad's bug, which an ignore directive with a reason
// suppresses, under go vet and standalone alike.
func (s *S) Suppressed() {
	s.mu.Lock()
	defer s.mu.Unlock()
	//gatevet:ignore nestedacquire the end-to-end test's suppressed finding
	s.mu.Lock()
	s.n++
}
