// Package server: locks taken in opposite orders, beside consistent
// orders and the idioms that cannot deadlock.
package server

import (
	"context"
	"sync"

	"golang.org/x/sync/semaphore"
)

type Server struct {
	mu    sync.Mutex
	conns []*Conn
	byID  map[int]*Conn
	stats sync.Mutex
	rw    sync.RWMutex
	cfg   sync.RWMutex
	big   sync.Mutex
	x, y  sync.Mutex
	r1    sync.RWMutex
	r2    sync.RWMutex
	sem   *semaphore.Weighted
	n     int
}

type Conn struct {
	mu  sync.Mutex
	srv *Server
}

// Close and Conn.Close: the classic inversion across two types.
func (s *Server) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.conns {
		c.mu.Lock() // want `c.mu is acquired while holding s.mu, but \(\*Conn\).Close \(.*server.go:\d+\) acquires c.srv.mu while holding c.mu: lock-order inversion`
		c.mu.Unlock()
	}
}

// Over a map: the value variable names the gate.
func (s *Server) CloseAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, conn := range s.byID {
		conn.mu.Lock() // want `conn.mu is acquired while holding s.mu`
		conn.mu.Unlock()
	}
}

func (c *Conn) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.srv.mu.Lock() // want `c.srv.mu is acquired while holding c.mu, but \(\*Server\).Close`
	c.srv.conns = nil
	c.srv.mu.Unlock()
}

// Through a helper: Report holds stats and calls count, which takes mu.
func (s *Server) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.conns)
}

func (s *Server) Report() {
	s.stats.Lock()
	defer s.stats.Unlock()
	s.n = s.count() // want `s.mu is acquired in \(\*Server\)\.count while holding s.stats`
}

func (s *Server) Add(c *Conn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.conns = append(s.conns, c)
	s.stats.Lock() // want `s.stats is acquired while holding s.mu`
	s.n++
	s.stats.Unlock()
}

// Semaphores count too: the permit and the lock.
func (s *Server) Work(ctx context.Context) {
	s.x.Lock()
	defer s.x.Unlock()
	_ = s.sem.Acquire(ctx, 1) // want `s.sem is acquired while holding s.x`
	s.sem.Release(1)
}

func (s *Server) Drain(ctx context.Context) {
	if err := s.sem.Acquire(ctx, 1); err != nil {
		return
	}
	defer s.sem.Release(1)
	s.x.Lock() // want `s.x is acquired while holding s.sem`
	s.x.Unlock()
}

// Read and write locks: one order writes, so they can deadlock.
func (s *Server) Load() {
	s.rw.RLock()
	defer s.rw.RUnlock()
	s.cfg.Lock() // want `s.cfg is acquired while holding s.rw, but .*: lock-order inversion, it deadlocks when two goroutines take the two paths at once and a third goroutine queues to write-lock s\.rw \(\(\*Server\)\.reset \(server\.go:126\) write-locks s\.rw\);`
	s.cfg.Unlock()
}

// Store's read lock of s.rw waits only while a writer queues for it:
// reset is one.
func (s *Server) Store() {
	s.cfg.RLock()
	defer s.cfg.RUnlock()
	s.rw.RLock() // want `s.rw is acquired while holding s.cfg, but .*deadlocks when two goroutines take the two paths at once and a third goroutine queues to write-lock s\.rw \(\(\*Server\)\.reset \(server\.go:126\) write-locks s\.rw\);`
	s.rw.RUnlock()
}

func (s *Server) Reload() {
	s.rw.Lock()
	s.rw.Unlock()
}

// Restart's helper is a writer the package calls itself: the messages
// above name it before Reload, which only the package's users call.
func (s *Server) Restart() { s.reset() }

func (s *Server) reset() {
	s.rw.Lock()
	s.rw.Unlock()
}

// The same order everywhere.
func (s *Server) One() {
	s.x.Lock()
	s.y.Lock()
	s.y.Unlock()
	s.x.Unlock()
}

func (s *Server) Two() {
	s.x.Lock()
	defer s.x.Unlock()
	s.y.Lock()
	s.y.Unlock()
}

// The reverse only tries: a TryLock cannot wait.
func (s *Server) Try() {
	s.y.Lock()
	defer s.y.Unlock()
	if s.x.TryLock() {
		s.x.Unlock()
	}
}

// A common outer lock serialises both orders.
func (s *Server) OuterAB() {
	s.big.Lock()
	defer s.big.Unlock()
	s.stats.Lock()
	s.cfg.RLock()
	s.cfg.RUnlock()
	s.stats.Unlock()
}

func (s *Server) OuterBA() {
	s.big.Lock()
	defer s.big.Unlock()
	s.cfg.RLock()
	s.stats.Lock()
	s.stats.Unlock()
	s.cfg.RUnlock()
}

// Read locks both ways.
func (s *Server) ReadAB() {
	s.r1.RLock()
	s.r2.RLock()
	s.r2.RUnlock()
	s.r1.RUnlock()
}

func (s *Server) ReadBA() {
	s.r2.RLock()
	s.r1.RLock()
	s.r1.RUnlock()
	s.r2.RUnlock()
}

// Released before the other is taken.
func (s *Server) Sequential() {
	s.y.Lock()
	s.y.Unlock()
	s.x.Lock()
	s.x.Unlock()
}

// Two instances of one class: the order depends on the values.
type Account struct {
	mu      sync.Mutex
	balance int
}

func Transfer(from, to *Account, n int) {
	from.mu.Lock()
	defer from.mu.Unlock()
	to.mu.Lock()
	defer to.mu.Unlock()
	from.balance -= n
	to.balance += n
}

// Locals are nobody else's.
func Local() {
	var a, b sync.Mutex
	a.Lock()
	b.Lock()
	b.Unlock()
	a.Unlock()
	b.Lock()
	a.Lock()
	a.Unlock()
	b.Unlock()
}

// A variable assigned twice and captured (nats-server's newFileStore):
// every load of it names the one variable, so the Unlock releases what
// the Lock took and nothing is held when s.stats is taken.
func Reassigned(fresh bool) {
	s := &Server{}
	if fresh {
		s = &Server{}
	}
	defer func() { _ = s }()
	s.mu.Lock()
	s.mu.Unlock()
	s.stats.Lock()
	s.stats.Unlock()
}
