// Package unheld: releases of a mutex the function never took, on
// behalf of callers that cannot hold it.
package unheld

import "sync"

type Store struct {
	mu sync.Mutex
	n  int
}

// Reset defers the Unlock it meant to pair with a Lock it never wrote:
// other packages cannot take s.mu, and nothing here calls Reset.
func (s *Store) Reset() {
	defer s.mu.Unlock() // want `\(\*Store\)\.Reset defers the release of s\.mu, which it never acquired, and no caller holds it: other packages cannot take it`
	s.n = 0
}

// finish releases s.mu for its caller, but its one caller never took it.
func (s *Store) finish() {
	s.n++
	s.mu.Unlock() // want `\(\*Store\)\.finish releases s\.mu, which it never acquired, and no caller holds it: none of its callers \(1 call sites\) acquires it`
}

func (s *Store) Flush() { s.finish() }

// done releases s.mu for callers that hold it.
func (s *Store) done() {
	s.n--
	s.mu.Unlock()
}

func (s *Store) Add() {
	s.mu.Lock()
	s.n++
	s.done()
}

// doneLocked passes the release on to its own caller, which holds it.
func (s *Store) doneLocked() { s.done() }

func (s *Store) Sub() {
	s.mu.Lock()
	s.n -= 2
	s.doneLocked()
}

// Locker's Unlock pairs with an exported Lock: other packages hold the
// mutex when they call it.
type Locker struct {
	mu sync.Mutex
	n  int
}

func (l *Locker) Lock() { l.mu.Lock() }

func (l *Locker) Unlock() {
	l.n++
	l.mu.Unlock()
}

// Shared's mutex is an exported field: other packages can lock it
// before they call Release.
type Shared struct {
	Mu sync.Mutex
	n  int
}

func (s *Shared) Release() {
	s.n++
	s.Mu.Unlock()
}

// Lifecycle's BeginCollection returns holding control when it
// succeeds; Complete, on the Collection it returns, unlocks it. The
// callers hold control through the Collection, which the model does not
// follow back to the lock.
type Lifecycle struct {
	control sync.Mutex
	state   int
}

type Collection struct {
	l       *Lifecycle
	restore int
}

func (l *Lifecycle) BeginCollection() (Collection, bool) {
	l.control.Lock()
	ok := l.state >= 0
	if !ok {
		l.control.Unlock()
	}
	return Collection{l: l, restore: l.state}, ok
}

func (c Collection) Complete() {
	c.l.state = c.restore
	c.l.control.Unlock()
}

func (l *Lifecycle) Collect() int {
	c, ok := l.BeginCollection()
	if !ok {
		return 0
	}
	n := c.restore
	c.Complete()
	return n
}
