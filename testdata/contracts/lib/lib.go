// Package lib exports functions with //gatevet:holds contracts, which
// its importers must keep.
package lib

import "sync"

type Table struct {
	Mu   sync.Mutex
	rows []string
}

// AppendLocked must be called with t.Mu held.
//
//gatevet:holds t.Mu
func (t *Table) AppendLocked(r string) { t.rows = append(t.rows, r) }

// Append takes the lock itself.
func (t *Table) Append(r string) {
	t.Mu.Lock()
	defer t.Mu.Unlock()
	t.AppendLocked(r)
}

// Lock returns holding t.Mu, or an error.
//
//gatevet:acquires t.Mu
func (t *Table) Lock() error {
	t.Mu.Lock()
	return nil
}

// Unlock gives back the caller's t.Mu.
//
//gatevet:releases t.Mu
func (t *Table) Unlock() { t.Mu.Unlock() }

// AppendAll leaves the lock to its callers: t.Mu is exported, and a
// caller in another package may hold it; one that does not races with
// Append.
func (t *Table) AppendAll(rs []string) {
	for _, r := range rs {
		t.AppendLocked(r) // want `^latent: \(\*Table\)\.AppendLocked requires t\.Mu held \(its //gatevet:holds contract\), but AppendAll calls it without t\.Mu, which is held there only if AppendAll's callers in other packages hold it; take t\.Mu around the call, or give AppendAll the same //gatevet:holds contract$`
	}
}
