// Package promise exports lock helpers whose contracts say what they
// do: Lock returns holding t.mu on a nil error, Unlock gives it back.
// Nothing infers it from callers in another package: the contracts
// travel in the facts.
package promise

import (
	"errors"
	"sync"
)

var ErrClosed = errors.New("closed")

type Table struct {
	mu     sync.Mutex
	closed bool
	rows   []string
}

// Lock returns holding t.mu, or ErrClosed.
//
//gatevet:acquires t.mu
func (t *Table) Lock() error {
	t.mu.Lock()
	if t.closed {
		t.mu.Unlock()
		return ErrClosed
	}
	return nil
}

// Unlock gives back the caller's t.mu.
//
//gatevet:releases t.mu
func (t *Table) Unlock() { t.mu.Unlock() }

// AddLocked appends a row.
//
//gatevet:holds t.mu
func (t *Table) AddLocked(r string) { t.rows = append(t.rows, r) }

// Close closes the table.
func (t *Table) Close() {
	t.mu.Lock()
	t.closed = true
	t.mu.Unlock()
}
