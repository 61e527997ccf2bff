// Package holds: a //gatevet:holds contract is what callers must do,
// not what they do, so a caller that breaks it is no evidence of the
// guard.
package holds

import "sync"

type Counter struct {
	mu sync.Mutex
	//gatevet:guardedby mu
	n int
}

// incLocked must be called with c.mu held.
//
//gatevet:holds c.mu
func (c *Counter) incLocked() { c.n++ }

func (c *Counter) Add() {
	c.mu.Lock()
	c.incLocked()
	c.mu.Unlock()
}

func (c *Counter) Reset() {
	c.mu.Lock()
	c.n = 0
	c.mu.Unlock()
}

// Bump calls incLocked without c.mu: it breaks the contract, and it is
// not a writer holding c.mu.
func (c *Counter) Bump() { c.incLocked() } // want `^latent: Bump writes c\.n through \(\*Counter\)\.incLocked → c\.n without holding c\.mu, which guards it in Add, Reset:`

// Get reads without c.mu; Bump is not among the guarded writers.
func (c *Counter) Get() int { return c.n } // want `^latent: Get reads c\.n without holding c\.mu, which guards it in Add, Reset:`
