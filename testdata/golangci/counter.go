// Package gcl is the module the golangci-lint plugin test lints: one
// double lock reported (gcl:report), one suppressed with //nolint
// (gcl:nolint).
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
