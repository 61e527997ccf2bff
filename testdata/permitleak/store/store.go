// Package store: returns that keep a permit or lock the function gives
// back elsewhere, beside ownership handed on.
package store

import (
	"context"
	"errors"
	"sync"

	"golang.org/x/sync/semaphore"
)

var errClosed = errors.New("closed")

type Store struct {
	sem    chan struct{}
	w      *semaphore.Weighted
	mu     sync.Mutex
	cache  map[string]string
	closed bool
	n      int
}

func (s *Store) load(k string) string { return k }
func validate(k string) error {
	if k == "" {
		return errClosed
	}
	return nil
}

// Get: the seed's cache hit keeps its slot. A hit returns before the
// release is deferred, so each hit loses a slot.
func (s *Store) Get(k string) string {
	s.sem <- struct{}{}
	if v, ok := s.cache[k]; ok {
		return v // want `this return keeps s.sem \(channel semaphore\) held: it has its release deferred on the other paths`
	}
	defer func() { <-s.sem }()
	return s.load(k)
}

// Fetch: an error branch between the acquire and the deferred release.
// A key that fails validate returns with the permit still held.
func (s *Store) Fetch(ctx context.Context, k string) (string, error) {
	if err := s.w.Acquire(ctx, 1); err != nil {
		return "", err
	}
	if err := validate(k); err != nil {
		return "", err // want `this return keeps s.w \(semaphore.Weighted\) held`
	}
	defer s.w.Release(1)
	return s.load(k), nil
}

// Add: a mutex released before the normal return, not the early one.
// A closed store returns holding s.mu, and every later Lock blocks.
func (s *Store) Add() error {
	s.mu.Lock()
	if s.closed {
		return errClosed // want `this return keeps s.mu \(sync.Mutex\) held: it is released on the other paths`
	}
	s.n++
	s.mu.Unlock()
	return nil
}

// TryPut: a TryAcquire kept on one success path: an empty k returns
// true without the Release.
func (s *Store) TryPut(k string) bool {
	if !s.w.TryAcquire(1) {
		return false
	}
	if k == "" {
		return true // want `keeps s.w`
	}
	s.cache[k] = k
	s.w.Release(1)
	return true
}

// Tick falls off its end holding the lock: when s.n is 0, nothing
// unlocks s.mu.
func (s *Store) Tick() {
	s.mu.Lock()
	if s.n > 0 {
		s.n--
		s.mu.Unlock()
		return
	}
	s.n = 10
} // want `this return keeps s.mu`

type Lim[T any] struct {
	sem  chan struct{}
	vals map[string]T
}

func NewLim[T any](n int) *Lim[T] {
	return &Lim[T]{sem: make(chan struct{}, n), vals: make(map[string]T)}
}

// Generic code: a hit returns holding its slot, given back only on a
// miss.
func (l *Lim[T]) Get(k string) (T, bool) {
	l.sem <- struct{}{}
	if v, ok := l.vals[k]; ok {
		return v, true // want `keeps l.sem`
	}
	<-l.sem
	var zero T
	return zero, false
}

// The fix: defer right after the acquire.
func (s *Store) GetFixed(k string) string {
	s.sem <- struct{}{}
	defer func() { <-s.sem }()
	if v, ok := s.cache[k]; ok {
		return v
	}
	return s.load(k)
}

// An acquire helper: it keeps the lock on success, by design.
func (s *Store) lock() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return errClosed
	}
	return nil
}

// A try helper: the bool tells the caller it holds the lock.
func (s *Store) tryEnter() bool {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return false
	}
	return true
}

// The release goes back to the caller in a func.
func (s *Store) acquire() func() {
	s.sem <- struct{}{}
	return func() { <-s.sem }
}

type Ticket struct{ s *Store }

func (t *Ticket) Release() { <-t.s.sem }

// The release goes back to the caller in a value with Release.
func (s *Store) Reserve(k string) (*Ticket, error) {
	s.sem <- struct{}{}
	if err := validate(k); err != nil {
		<-s.sem
		return nil, err
	}
	if _, ok := s.cache[k]; ok {
		<-s.sem
		return nil, nil
	}
	return &Ticket{s: s}, nil
}

// A pool slot kept with the connection on success, given back on failure.
func (s *Store) Dial(k string) (string, error) {
	s.sem <- struct{}{}
	if err := validate(k); err != nil {
		<-s.sem
		return "", err
	}
	return k, nil
}

// A goroutine takes the permit over.
func (s *Store) Spawn(ctx context.Context) error {
	if err := s.w.Acquire(ctx, 1); err != nil {
		return err
	}
	if s.closed {
		s.w.Release(1)
		return errClosed
	}
	go func() {
		defer s.w.Release(1)
		s.load("x")
	}()
	return nil
}

// The release is stored for later: a documented release path.
type Job struct{ done func() }

func (s *Store) Start(k string) *Job {
	s.sem <- struct{}{}
	j := &Job{}
	if k == "" {
		<-s.sem
		return nil
	}
	j.done = func() { <-s.sem }
	return j
}

// Every path releases.
func (s *Store) Sum() int {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return 0
	}
	n := s.n
	s.mu.Unlock()
	return n
}

// Suppressed, with a reason.
func (s *Store) Drain() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	//gatevet:ignore permitleak Drain leaves the store locked for good once closed
	return
}

// flushLocked runs with s.mu held by its caller; it lets go of the lock
// while it writes and takes it back on every path, as the caller expects.
func (s *Store) flushLocked(k string) error {
	s.mu.Unlock()
	if err := validate(k); err != nil {
		s.mu.Lock()
		return err
	}
	s.mu.Lock()
	if s.closed {
		return errClosed
	}
	s.mu.Unlock()
	s.load(k)
	s.mu.Lock()
	return nil
}

// Dead code holds nothing: the early return never runs.
func (s *Store) Touch() {
	s.mu.Lock()
	if false {
		return
	}
	s.mu.Unlock()
}

// firstLocked runs with s.mu held by its caller and lets go of it for
// each key (nats-server's firstSeqForSubj).
func (s *Store) firstLocked(keys []string) (int, error) {
	for i, k := range keys {
		if k == "" {
			return 0, nil
		}
		s.mu.Unlock()
		err := validate(k)
		s.mu.Lock()
		if err != nil {
			return 0, err
		}
		if k == "x" {
			return i, nil
		}
	}
	return -1, nil
}
