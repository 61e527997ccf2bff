// Package said: helpers whose doc comments say which lock their callers
// hold, the way an in-memory store writes it, called with the lock and,
// from a streaming goroutine, without it.
package said

import (
	"context"
	"sync"
)

type entry struct {
	key string
	rev int64
}

type Memory struct {
	mu   sync.RWMutex
	log  []*entry
	refs int // not a lock: a doc comment naming it states nothing
}

// latest returns the newest entry of key.
// Caller must hold m.mu (read or write).
func (m *Memory) latest(key string) *entry {
	for i := len(m.log) - 1; i >= 0; i-- {
		if m.log[i].key == key {
			return m.log[i]
		}
	}
	return nil
}

// appendEntry must be called with m.mu held.
func (m *Memory) appendEntry(e *entry) { m.log = append(m.log, e) }

// Get holds the read lock around latest, as its comment asks.
func (m *Memory) Get(key string) *entry {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.latest(key)
}

// Put holds the write lock around appendEntry.
func (m *Memory) Put(key string) {
	m.mu.Lock()
	m.appendEntry(&entry{key: key, rev: int64(len(m.log))})
	m.mu.Unlock()
}

// Stream walks the log on a goroutine of its own, which calls latest
// with no lock at all: every Put meanwhile appends to m.log under it, a
// data race on the slice.
func (m *Memory) Stream(ctx context.Context, keys []string) <-chan *entry {
	out := make(chan *entry)
	go func() {
		defer close(out)
		for _, k := range keys {
			e := m.latest(k) // want `^certain: \(\*Memory\)\.latest requires m\.mu held \(its doc comment says so: "Caller must hold m\.mu \(read or write\)\."\), but a func literal in Stream calls it without m\.mu on every path; take m\.mu around the call, or call a variant that takes it$`
			select {
			case out <- e:
			case <-ctx.Done():
				return
			}
		}
	}()
	return out
}

// bump says what its callers hold in words gatevet cannot resolve to a
// lock: "Callers must hold a lock", "m.refs must be held".
func (m *Memory) bump() { m.refs++ }

// Ref calls bump with nothing held: no contract was stated for it.
func (m *Memory) Ref() { m.bump() }

// trim drops the oldest entry. Caller must hold the lock.
func (m *Memory) trim() { m.log = m.log[1:] }

// countLocked counts the entries of key: its name says its callers hold
// m.mu, the one lock of a Memory.
func (m *Memory) countLocked(key string) int {
	n := 0
	for _, e := range m.log {
		if e.key == key {
			n++
		}
	}
	return n
}

// ensureLocked takes the lock itself: its name promises nothing.
func (m *Memory) ensureLocked() {
	m.mu.Lock()
}

// Compact trims and counts under the lock, as both helpers ask.
func (m *Memory) Compact(key string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.trim()
	return m.countLocked(key)
}

// Watch counts on a goroutine of its own, with no lock: every Put
// meanwhile appends to m.log, which countLocked ranges over.
func (m *Memory) Watch(key string, out chan<- int) {
	go func() {
		out <- m.countLocked(key) // want `^certain: \(\*Memory\)\.countLocked requires m\.mu held \(its name, ending in Locked, says so\), but a func literal in Watch calls it without m\.mu on every path`
	}()
}

// Drop trims with no lock (the doc comment's "the lock" is m.mu): a Put
// on another goroutine appends to m.log meanwhile.
func (m *Memory) Drop() {
	m.trim() // want `^certain: \(\*Memory\)\.trim requires m\.mu held \(its doc comment says so: "trim drops the oldest entry\. Caller must hold the lock\."\)`
}

// Begin takes the lock through ensureLocked, which is no contract.
func (m *Memory) Begin() {
	m.ensureLocked()
	m.mu.Unlock()
}
