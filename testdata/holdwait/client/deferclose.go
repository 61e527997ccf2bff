package client

import (
	"sync"
	"sync/atomic"
)

// A run loop that closes its done channel in a deferred call closes it
// at each of its returns: Close waits, holding r.mu, for a loop that
// must take r.mu before each return.
type Runner struct {
	mu     sync.Mutex
	closed bool
	done   chan struct{}
	n      int
}

func NewRunner() *Runner {
	r := &Runner{done: make(chan struct{})}
	go r.run()
	return r
}

func (r *Runner) run() {
	defer close(r.done)
	for {
		r.mu.Lock()
		if r.closed {
			r.mu.Unlock()
			return
		}
		r.n++
		r.mu.Unlock()
	}
}

// Close waits on r.done holding r.mu; run's deferred close(r.done) runs
// only after a pass that locks r.mu, so Close waits forever.
func (r *Runner) Close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.closed = true
	<-r.done // want `<-r\.done waits for \(\*Runner\)\.run holding r\.mu, but \(\*Runner\)\.run locks r\.mu before it closes r\.done: a certain deadlock`
}

// AtomicRunner's loop sees the shutdown through an atomic flag, but it
// may be waiting for r.mu when Close takes it: then neither moves.
type AtomicRunner struct {
	mu     sync.Mutex
	closed atomic.Bool
	done   chan struct{}
	n      int
}

func NewAtomicRunner() *AtomicRunner {
	r := &AtomicRunner{done: make(chan struct{})}
	go r.run()
	return r
}

func (r *AtomicRunner) run() {
	defer close(r.done)
	for !r.closed.Load() {
		r.mu.Lock()
		r.n++
		r.mu.Unlock()
	}
}

func (r *AtomicRunner) Close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.closed.Store(true)
	<-r.done // want `latent: <-r\.done waits for \(\*AtomicRunner\)\.run holding r\.mu, and \(\*AtomicRunner\)\.run locks r\.mu on some paths before it closes r\.done`
}

// ReleasingRunner's Close lets go of the lock before it waits.
type ReleasingRunner struct {
	mu     sync.Mutex
	closed bool
	done   chan struct{}
	n      int
}

func NewReleasingRunner() *ReleasingRunner {
	r := &ReleasingRunner{done: make(chan struct{})}
	go r.run()
	return r
}

func (r *ReleasingRunner) run() {
	defer close(r.done)
	for {
		r.mu.Lock()
		if r.closed {
			r.mu.Unlock()
			return
		}
		r.n++
		r.mu.Unlock()
	}
}

func (r *ReleasingRunner) Close() {
	r.mu.Lock()
	r.closed = true
	r.mu.Unlock()
	<-r.done
}
