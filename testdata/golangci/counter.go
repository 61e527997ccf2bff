// Package gcl is the module the golangci-lint plugin test lints: one
// double lock reported, one suppressed with //nolint, one with
// //gatevet:ignore, an ignore directive that suppresses nothing, and an
// annotation naming no gate.
package gcl

import "sync"

type S struct {
	mu sync.Mutex
	n  int
}

func (s *S) Bad() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mu.Lock() // gcl:report
	s.n++
}

func (s *S) Known() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mu.Lock() //nolint:gatevet // gcl:nolint
	s.n--
}

// Waived: a //gatevet:ignore works under golangci-lint too.
func (s *S) Waived() {
	s.mu.Lock()
	defer s.mu.Unlock()
	//gatevet:ignore nestedacquire the test needs a suppressed report
	s.mu.Lock() // gcl:ignored
	s.n--
}

// Stale: an ignore that suppresses nothing is itself reported.
func (s *S) Stale() {
	//gatevet:ignore nestedacquire nothing to suppress here // gcl:stale
	s.n++
}

// T's annotation names no gate: the directives analyzer reports it.
type T struct {
	mu sync.Mutex
	n  int //gatevet:guardedby mux // gcl:directive
}
