package holds

import (
	"errors"
	"sync"
)

var errClosed = errors.New("closed")

// Pool hands out its lock through acquire and release helpers.
type Pool struct {
	mu     sync.Mutex
	closed bool
	free   []int
}

// lock returns holding p.mu unless the pool is closed.
//
//gatevet:acquires p.mu
func (p *Pool) lock() error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return errClosed
	}
	return nil
}

// lockBroken returns nil without p.mu when the pool is closed: its
// caller goes on to release a lock nobody holds, and the process dies.
//
//gatevet:acquires p.mu
func (p *Pool) lockBroken() error {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil // want `^latent: \(\*Pool\)\.lockBroken promises to return holding p\.mu \(its //gatevet:acquires contract\), but this return does not hold it if a path reaches it without acquiring p\.mu or after releasing it`
	}
	return nil
}

// lockNever never takes p.mu, whatever it promises: every caller's
// Unlock then panics.
//
//gatevet:acquires p.mu
func (p *Pool) lockNever() error {
	return nil // want `^certain: \(\*Pool\)\.lockNever promises to return holding p\.mu \(its //gatevet:acquires contract\), but this return does not hold it; acquire p\.mu on every path to it`
}

// unlock gives back the caller's p.mu.
//
//gatevet:releases p.mu
func (p *Pool) unlock() { p.mu.Unlock() }

// unlockSometimes keeps p.mu when nothing is free: its caller, trusting
// it, never unlocks, and the next lock blocks forever.
//
//gatevet:releases p.mu
func (p *Pool) unlockSometimes() {
	if len(p.free) == 0 {
		return // want `^certain: \(\*Pool\)\.unlockSometimes promises to release p\.mu \(its //gatevet:releases contract\), but this return still holds it: no path here releases it`
	}
	p.mu.Unlock()
}

// begin and end keep their promises through hooks the model cannot
// follow: they are taken at their word.
type hooked struct {
	mu   sync.Mutex
	take func() error
	give func()
}

//gatevet:acquires h.mu
func (h *hooked) begin() error { return h.take() }

//gatevet:releases h.mu
func (h *hooked) end() { h.give() }

// Close closes the pool.
func (p *Pool) Close() {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
}

// Take uses the helpers as they promise.
func (p *Pool) Take() (int, bool) {
	if err := p.lock(); err != nil {
		return 0, false
	}
	defer p.unlock()
	if len(p.free) == 0 {
		return 0, false
	}
	x := p.free[0]
	p.free = p.free[1:]
	return x, true
}
