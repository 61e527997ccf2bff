// Package lib exports functions with //gatevet:holds contracts, which
// its importers must keep.
package lib

import (
	"slices"
	"sync"
)

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

// Settings reads values with a check the caller gives, from sources
// the last of which wins.
type Settings struct{ sources []map[string]int }

// GetChecked returns the value of key when valid accepts it, else def:
// it calls valid before it returns, through a generic helper and a
// range-over-func loop, and keeps it nowhere.
func (s *Settings) GetChecked(key string, def int, valid func(int) bool) int {
	return first(s, key, def, func(v int) (int, bool) { return v, valid(v) })
}

func first[T any](s *Settings, key string, def T, parse func(int) (T, bool)) T {
	for _, src := range slices.Backward(s.sources) {
		if v, ok := src[key]; ok {
			if t, ok := parse(v); ok {
				return t
			}
		}
	}
	return def
}

// Watch calls fn with the value of key whenever it changes, on a
// goroutine of its own.
func (s *Settings) Watch(key string, fn func(int)) {
	go func() {
		fn(s.sources[0][key])
	}()
}

// A Starter starts work of its own.
type Starter interface{ Start() }

// StartIt starts s: s's Start may keep s on a goroutine of its own.
func StartIt(s Starter) { s.Start() }

// OrNoop returns fn, or a func that does nothing for a nil fn: the
// caller runs what it gets back where it likes.
func OrNoop(fn func()) func() {
	if fn == nil {
		return func() {}
	}
	return fn
}
