// Package dynamic: calls through a func field or an interface whose
// target the package settles have that target's acquires.
package dynamic

import "sync"

type Server struct {
	mu      sync.Mutex
	onEvent func(string)
	onStop  func()
	log     func(string)
	peers   map[string]int
	store   store
	hooks   hooks
}

func NewServer() *Server {
	s := &Server{peers: map[string]int{}}
	s.onEvent = s.handleEvent // the only value onEvent is ever given
	s.log = logTo
	s.store = &memStore{}
	return s
}

func (s *Server) handleEvent(e string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.peers[e]++
}

// Dispatch calls handleEvent through the field with s.mu held, and
// handleEvent locks s.mu again.
func (s *Server) Dispatch(e string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.onEvent(e) // want `certain: call to \(\*Server\)\.handleEvent acquires s\.mu`
}

// SetStop gives onStop a function from outside: not resolved.
func (s *Server) SetStop(f func()) { s.onStop = f }

func (s *Server) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.onStop()
}

var logMu sync.Mutex

func logTo(m string) {
	logMu.Lock()
	defer logMu.Unlock()
}

// Log calls the package function log is set to, with logMu held, and
// logTo locks logMu again.
func (s *Server) Log(m string) {
	logMu.Lock()
	defer logMu.Unlock()
	s.log(m) // want `certain: call to logTo acquires logMu`
}

// store has an unexported method: only this package's types implement
// it, and memStore is the only one.
type store interface {
	put(s *Server, k string)
}

type memStore struct{ n int }

func (m *memStore) put(s *Server, k string) {
	s.mu.Lock()
	s.peers[k] = m.n
	s.mu.Unlock()
}

// Put holds s.mu and calls store.put, whose only implementation locks
// s.mu again.
func (s *Server) Put(k string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.store.put(s, k) // want `certain: call to \(\*memStore\)\.put acquires s\.mu`
}

// hooks has two implementations, of which only one locks: not resolved.
type hooks interface {
	fire(s *Server)
}

type lockingHook struct{}

func (lockingHook) fire(s *Server) {
	s.mu.Lock()
	s.mu.Unlock()
}

type quietHook struct{}

func (quietHook) fire(s *Server) {}

func (s *Server) Fire() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hooks.fire(s)
}

// Handler has only exported methods: a type of another package may
// implement it, so the call is not resolved.
type Handler interface {
	Handle(s *Server)
}

type lockingHandler struct{}

func (lockingHandler) Handle(s *Server) {
	s.mu.Lock()
	s.mu.Unlock()
}

func (s *Server) Serve(h Handler) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h.Handle(s)
}
