// Package testswitch: a partition manager that, when a switch only its
// tests turn on is set, records an error on its server, under the
// server's lock, while it holds its own, instead of panicking; the
// server's Shutdown takes the manager's lock under its own. In the build
// users run the switch is off (only a _test.go file sets it), so the
// reverse order never happens there: no inversion. An index that does
// the same when a switch the package's own code turns on at run time
// (Lenient) is set inverts with its store's Close: reported.
package testswitch

import "sync"

// noPanic is set by the tests only.
var noPanic bool

// lenient is set by Lenient, at run time.
var lenient bool

// Lenient makes indexes record their errors instead of panicking.
func Lenient() { lenient = true }

type Server struct {
	mu      sync.Mutex
	lastErr error
	parts   *Partitions
}

type Partitions struct {
	mu sync.Mutex
	s  *Server
	n  int
}

// Shutdown takes the partitions' lock under the server's.
func (s *Server) Shutdown() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.parts.mu.Lock()
	s.parts.n = 0
	s.parts.mu.Unlock()
}

func (s *Server) setLastError(err error) {
	s.mu.Lock()
	s.lastErr = err
	s.mu.Unlock()
}

// TopologyChanged would take the server's lock under the partitions'
// only with noPanic set.
func (p *Partitions) TopologyChanged(err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err != nil {
		if noPanic {
			p.s.setLastError(err)
			return
		}
		panic(err)
	}
	p.n++
}

type Store struct {
	mu      sync.Mutex
	lastErr error
	idx     *Index
}

type Index struct {
	mu sync.Mutex
	st *Store
	n  int
}

// Close takes the index's lock under the store's.
func (st *Store) Close() {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.idx.mu.Lock() // want `st\.idx\.mu is acquired while holding st\.mu`
	st.idx.n = 0
	st.idx.mu.Unlock()
}

func (st *Store) setLastError(err error) {
	st.mu.Lock()
	st.lastErr = err
	st.mu.Unlock()
}

// Rebuild takes the store's lock under the index's once Lenient ran.
func (x *Index) Rebuild(err error) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if err != nil {
		if lenient {
			x.st.setLastError(err) // want `x\.st\.mu is acquired in \(\*Store\)\.setLastError while holding x\.mu`
			return
		}
		panic(err)
	}
	x.n++
}
