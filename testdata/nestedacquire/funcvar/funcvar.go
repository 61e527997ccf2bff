// Package funcvar: a token manager that upgrades its read lock keeps the
// release it owes in a variable and calls it in a deferred literal; the
// helper that upgrades returns the write lock's release. Every value the
// variable holds releases m.mu, so Get returns holding nothing, and the
// deferred Stop after it takes m.mu on a free lock.
package funcvar

import (
	"errors"
	"sync"
)

var errEmpty = errors.New("empty")

type Manager struct {
	mu    sync.RWMutex
	other sync.Mutex
	token string
}

func (m *Manager) fetch() string { return "t" }

// upgrade trades the read lock for the write lock and returns the
// release its caller now owes.
func (m *Manager) upgrade() func() {
	m.mu.RUnlock()
	m.mu.Lock()
	return m.mu.Unlock
}

func (m *Manager) Get() string {
	var unlock func()
	defer func() { unlock() }()
	m.mu.RLock()
	unlock = m.mu.RUnlock
	if m.token != "" {
		return m.token
	}
	unlock = m.upgrade()
	m.token = m.fetch()
	return m.token
}

// Peek upgrades in place.
func (m *Manager) Peek() string {
	var unlock func()
	defer func() { unlock() }()
	m.mu.RLock()
	unlock = m.mu.RUnlock
	if m.token == "" {
		m.mu.RUnlock()
		m.mu.Lock()
		unlock = m.mu.Unlock
		m.token = m.fetch()
	}
	return m.token
}

// escalate is upgrade with named results, as a retrieve helper writes
// it: every return gives back m.mu's write release.
func (m *Manager) escalate() (unlock func(), err error) {
	m.mu.RUnlock()
	m.mu.Lock()
	unlock = m.mu.Unlock
	if m.token == "" {
		err = errEmpty
	}
	return
}

func (m *Manager) Refresh() (string, error) {
	var unlock func()
	defer func() { unlock() }()
	m.mu.RLock()
	unlock = m.mu.RUnlock
	var err error
	unlock, err = m.escalate()
	return m.token, err
}

func UseRefresh(m *Manager) {
	defer m.Stop()
	m.Refresh()
}

func (m *Manager) Stop() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.token = ""
}

func UseGet(m *Manager) string {
	defer m.Stop()
	return m.Get()
}

func UsePeek(m *Manager) string {
	defer m.Stop()
	return m.Peek()
}

// Swap's variable may hold the release of another lock: on that path it
// keeps m.mu read-locked, and the deferred Stop after it waits for that
// read lock for ever.
func (m *Manager) Swap() string {
	var unlock func()
	defer func() { unlock() }()
	m.mu.RLock()
	unlock = m.mu.RUnlock
	if m.token == "" {
		m.other.Lock()
		unlock = m.other.Unlock
	}
	return m.token
}

// UseSwap hangs when the token is empty: Swap returns with m.mu still
// read-locked, and the deferred Stop's Lock waits for it for ever.
func UseSwap(m *Manager) string {
	defer m.Stop() // want `deferred call to \(\*Manager\)\.Stop acquires m\.mu`
	return m.Swap()
}
