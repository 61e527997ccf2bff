// Package limits: semaphore acquires whose outcome is dropped, beside
// the checked idioms.
package limits

import (
	"context"
	"errors"
	"sync"

	"golang.org/x/sync/semaphore"
)

type Server struct {
	sem *semaphore.Weighted
	mu  sync.Mutex
	n   int
}

func work() {}

// Handle: the bug. A cancelled ctx leaves no permit, and Release panics.
func (s *Server) Handle(ctx context.Context) error {
	s.sem.Acquire(ctx, 1) // want `the error of s.sem.Acquire is dropped: .*Release panics`
	defer s.sem.Release(1)
	work()
	return nil
}

// Assigned to _: the same bug, a ctx done first leaves no permits and
// Release(2) panics; the fix keeps the other results' zeros.
func (s *Server) Count(ctx context.Context) (int, error) {
	_ = s.sem.Acquire(ctx, 2) // want `the error of s.sem.Acquire is dropped`
	n := s.n
	s.sem.Release(2)
	return n, nil
}

// No error to return: reported, no fix. A ctx done first leaves no
// permit, and the goroutine's Release panics.
func (s *Server) Fire(ctx context.Context) {
	s.sem.Acquire(ctx, 1) // want `the error of s.sem.Acquire is dropped`
	go func() {
		defer s.sem.Release(1)
		work()
	}()
}

// TryAcquire's result dropped: when every permit is taken, TryAcquire
// gets none, and the Release gives back a permit another holder has.
func (s *Server) Try() {
	s.sem.TryAcquire(1) // want `the result of s.sem.TryAcquire is dropped: when another holder has s.sem, the code goes on as if it held it`
	work()
	s.sem.Release(1)
}

// TryLock's result dropped: when another goroutine holds s.mu, TryLock
// fails, s.n++ runs unguarded and the Unlock releases the other's lock.
func (s *Server) Bump() {
	s.mu.TryLock() // want `the result of s.mu.TryLock is dropped`
	s.n++
	s.mu.Unlock()
}

// A package-level semaphore, in generic code: a ctx done first leaves
// the iteration no permit, and its Release panics.
var global = semaphore.NewWeighted(4)

// Map drops Acquire's error: once ctx is done an iteration runs f
// without a permit, and its Release panics.
func Map[T any](ctx context.Context, xs []T, f func(T)) error {
	for _, x := range xs {
		global.Acquire(ctx, 1) // want `the error of global.Acquire is dropped`
		f(x)
		global.Release(1)
	}
	return nil
}

// The fix.
func (s *Server) HandleChecked(ctx context.Context) error {
	if err := s.sem.Acquire(ctx, 1); err != nil {
		return err
	}
	defer s.sem.Release(1)
	work()
	return nil
}

// The error kept and checked later.
func (s *Server) HandleLater(ctx context.Context) error {
	err := s.sem.Acquire(ctx, 1)
	if err != nil {
		return errors.Join(errors.New("busy"), err)
	}
	s.sem.Release(1)
	return nil
}

// A context that is never cancelled: Acquire cannot fail.
func (s *Server) Background() {
	s.sem.Acquire(context.Background(), 1)
	defer s.sem.Release(1)
	work()
}

func (s *Server) Detached(ctx context.Context) {
	s.sem.Acquire(context.WithoutCancel(ctx), 1)
	work()
	s.sem.Release(1)
}

// Nothing releases here: the permit is handed on (a worker pool that
// a Done method releases).
func (s *Server) Reserve(ctx context.Context) {
	s.sem.Acquire(ctx, 1)
}

func (s *Server) Done() { s.sem.Release(1) }

// TryAcquire checked.
func (s *Server) TryChecked() bool {
	if !s.sem.TryAcquire(1) {
		return false
	}
	defer s.sem.Release(1)
	work()
	return true
}

// TryLock checked.
func (s *Server) BumpChecked() {
	if s.mu.TryLock() {
		s.n++
		s.mu.Unlock()
	}
}

// A release that runs before the acquire, not after it.
func (s *Server) Swap(ctx context.Context) {
	s.sem.Release(1)
	s.sem.Acquire(ctx, 1)
}

// Suppressed, with a reason.
func (s *Server) Legacy(ctx context.Context) {
	//gatevet:ignore acquireerr ctx here is the server's own, cancelled only after every handler returned
	s.sem.Acquire(ctx, 1)
	work()
	s.sem.Release(1)
}
