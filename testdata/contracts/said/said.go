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
// lock: "Caller must hold the lock", "m.refs must be held".
func (m *Memory) bump() { m.refs++ }

// Ref calls bump with nothing held: no contract was stated for it.
func (m *Memory) Ref() { m.bump() }
