// want package:`^\{package worker \S+ Atomic: signals\(p0 recv: closes; p0 send: closes\); Count: signals\(p1 wait: calls after p0/Mu\); Flush: signals\(p1 recv: closes after p0/Mu; p1 send: closes after p0/Mu\); Keep: signals\(p0 recv: opaque; p0 send: opaque\); Maybe: signals\(p1 recv: closes maybe after p0/Mu; p1 send: closes maybe after p0/Mu\); Notify: signals\(p1 recv: closes; p1 send: closes\); Start: signals\(p1 recv: closes \(async\) after p0/Mu; p1 send: closes \(async\) after p0/Mu\); Try: signals\(p1 recv: closes; p1 send: closes\)\}$`

// Package worker: goroutine functions that another package starts, and
// a helper that starts one, with the starter's lock handed in.
package worker

import "sync"

// Server is shared with the starter, which locks Mu too.
type Server struct {
	Mu    sync.Mutex
	Items []string
}

// Flush locks s.Mu before it closes done.
func Flush(s *Server, done chan struct{}) {
	s.Mu.Lock()
	s.Items = nil
	s.Mu.Unlock()
	close(done)
}

// Count locks s.Mu before its deferred Done.
func Count(s *Server, wg *sync.WaitGroup) {
	defer wg.Done()
	s.Mu.Lock()
	defer s.Mu.Unlock()
	s.Items = append(s.Items, "x")
}

// Notify signals first and locks after.
func Notify(s *Server, done chan struct{}) {
	close(done)
	s.Mu.Lock()
	s.Items = nil
	s.Mu.Unlock()
}

// Atomic never locks.
func Atomic(done chan struct{}) { close(done) }

// Maybe locks only when something is pending.
func Maybe(s *Server, done chan struct{}, pending bool) {
	if pending {
		s.Mu.Lock()
		s.Items = nil
		s.Mu.Unlock()
	}
	close(done)
}

// Start starts the goroutine itself.
func Start(s *Server, done chan struct{}) {
	go func() {
		s.Mu.Lock()
		s.Items = nil
		s.Mu.Unlock()
		close(done)
	}()
}

var kept chan struct{}

// Keep lets done go where nobody can follow it.
func Keep(done chan struct{}) { kept = done }

// Try takes the lock only if it is free.
func Try(s *Server, done chan struct{}) {
	if s.Mu.TryLock() {
		s.Items = nil
		s.Mu.Unlock()
	}
	close(done)
}
