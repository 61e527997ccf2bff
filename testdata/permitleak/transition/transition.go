// Package transition: a state manager whose transitions take a
// semaphore. mustTransition returns true holding it, for the caller to
// run the transition, which releases it; it says so in its result.
package transition

import (
	"context"
	"sync"

	"golang.org/x/sync/semaphore"
)

type Manager struct {
	transitioning *semaphore.Weighted
	mu            sync.Mutex
	want, state   int
}

func New() *Manager { return &Manager{transitioning: semaphore.NewWeighted(1)} }

func (m *Manager) SetState(s int) error {
	if m.mustTransition(s) {
		return m.execTransition(s)
	}
	return nil
}

func (m *Manager) mustTransition(s int) bool {
	if m.transitioning.Acquire(context.Background(), 1) != nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.want = s
	if m.state == s {
		m.transitioning.Release(1)
		return false
	}
	return true
}

func (m *Manager) execTransition(s int) error {
	defer m.transitioning.Release(1)
	m.mu.Lock()
	m.state = s
	m.mu.Unlock()
	return nil
}

// Settle gives up when the state is already reached, and forgets the
// semaphore there: its false says nothing of the semaphore, since it
// returns false too when it could not take it.
func (m *Manager) Settle(s int) bool {
	if m.transitioning.Acquire(context.Background(), 1) != nil {
		return false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.state == s {
		return false // want `certain: this return keeps m\.transitioning \(semaphore\.Weighted\) held`
	}
	m.state = s
	m.transitioning.Release(1)
	return true
}
