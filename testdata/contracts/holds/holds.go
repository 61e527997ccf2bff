// Package holds: calls of functions annotated //gatevet:holds, with the
// lock held, without it, on some paths, from helpers whose callers hold
// it, and from a goroutine.
package holds

import "sync"

type Counter struct {
	mu sync.RWMutex
	n  int
}

// incLocked must be called with c.mu held.
//
//gatevet:holds c.mu
func (c *Counter) incLocked() { c.n++ }

// Add holds c.mu around the call.
func (c *Counter) Add() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.incLocked()
}

// Bump calls incLocked with c.mu held on no path: two Bumps, or a Bump
// beside an Add, increment c.n at once.
func (c *Counter) Bump() {
	c.incLocked() // want `^certain: \(\*Counter\)\.incLocked requires c\.mu held \(its //gatevet:holds contract\), but Bump calls it without c\.mu on every path; take c\.mu around the call`
}

// Maybe holds c.mu only when locked is set.
func (c *Counter) Maybe(locked bool) {
	if locked {
		c.mu.Lock()
		defer c.mu.Unlock()
	}
	c.incLocked() // want `^latent: \(\*Counter\)\.incLocked requires c\.mu held .*Maybe reaches the call on a path without c\.mu if it skips or releases it on the way`
}

// Early releases c.mu before the call on one path: the model knows it
// may be held there, not that it is held on no path, so the finding is
// latent.
func (c *Counter) Early(stop bool) {
	c.mu.Lock()
	if stop {
		c.mu.Unlock()
		c.incLocked() // want `^latent: \(\*Counter\)\.incLocked requires c\.mu held .*Early reaches the call on a path without c\.mu if it skips or releases it`
		return
	}
	c.incLocked()
	c.mu.Unlock()
}

// Spawn starts incLocked on a goroutine while it holds c.mu: the
// goroutine does not hold it, and runs beside the next Add.
func (c *Counter) Spawn() {
	c.mu.Lock()
	defer c.mu.Unlock()
	go c.incLocked() // want `^certain: \(\*Counter\)\.incLocked requires c\.mu held .*Spawn starts it as a goroutine, which never holds c\.mu`
}

// addTwice is a helper that every call makes with c.mu held: it keeps
// the contract through its callers.
func (c *Counter) addTwice() {
	c.incLocked()
	c.incLocked()
}

// AddTwice holds c.mu around the helper.
func (c *Counter) AddTwice() {
	c.mu.Lock()
	c.addTwice()
	c.mu.Unlock()
}

// bumpTwice is a helper that one of its calls makes without c.mu:
// through BumpTwiceUnlocked, incLocked writes c.n with no lock.
func (c *Counter) bumpTwice() {
	c.incLocked() // want `^certain: \(\*Counter\)\.incLocked requires c\.mu held`
}

// BumpTwice holds c.mu; BumpTwiceUnlocked does not, so bumpTwice breaks
// the contract through it: a BumpTwiceUnlocked beside an Add races.
func (c *Counter) BumpTwice() {
	c.mu.Lock()
	c.bumpTwice()
	c.mu.Unlock()
}

func (c *Counter) BumpTwiceUnlocked() { c.bumpTwice() }

// sumLocked declares the same contract: its own calls hold c.mu.
//
//gatevet:holds c.mu
func (c *Counter) sumLocked() int {
	c.incLocked()
	return c.n
}

// Sum holds c.mu around sumLocked.
func (c *Counter) Sum() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sumLocked()
}

// getLocked only reads.
//
//gatevet:holds c.mu
func (c *Counter) getLocked() int { return c.n }

// Read holds the read lock, which the contract accepts.
func (c *Counter) Read() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.getLocked()
}
