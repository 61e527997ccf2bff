// Package published: a field written in a section that runs once per
// instance (while a connection field is nil, which it sets), read after
// checking under the lock that the section has run.
package published

import (
	"errors"
	"sync"
)

var errAgain = errors.New("already configured")

type conn struct{ addr string }

// Session is safe for concurrent use.
type Session struct {
	mu    sync.Mutex
	ice   *conn
	dtls  *conn
	role  string
	notes []string
}

func dial() *conn { return &conn{} }

// Answer configures the session once: a second call finds m.ice set.
func (m *Session) Answer(sdp string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.ice != nil {
		return errAgain
	}
	m.ice = dial()
	if sdp == "passive" {
		m.role = "active"
	} else {
		m.role = "passive"
	}
	m.notes = append(m.notes, sdp)
	m.dtls = dial()
	return nil
}

// Role reads the role under the lock.
func (m *Session) Role() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.role
}

// Finalize reads m.role after it has seen m.dtls set, under the lock:
// Answer's one write of it came first, and none can follow.
func (m *Session) Finalize() string {
	m.mu.Lock()
	d := m.dtls
	m.mu.Unlock()
	if d == nil {
		return ""
	}
	return m.role
}

// Note reads m.notes after the same check, but Reset writes them at any
// time: the read races with it.
func (m *Session) Note() string {
	m.mu.Lock()
	d := m.dtls
	m.mu.Unlock()
	if d == nil {
		return ""
	}
	return m.notes[0] // want `Note reads m\.notes without holding m\.mu`
}

func (m *Session) Reset() {
	m.mu.Lock()
	m.notes = nil
	m.mu.Unlock()
}

// Redial is Session with a Close that clears m.ice: the section may run
// again, and its write of m.role meet a Finalize that saw m.dtls set by
// the run before.
//
// It is safe for concurrent use.
type Redial struct {
	mu   sync.Mutex
	ice  *conn
	dtls *conn
	role string
}

func (m *Redial) Answer(sdp string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.ice != nil {
		return errAgain
	}
	m.ice = dial()
	m.role = sdp
	m.dtls = dial()
	return nil
}

func (m *Redial) Role() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.role
}

func (m *Redial) Close() {
	m.mu.Lock()
	m.ice = nil
	m.mu.Unlock()
}

// Finalize reads m.role unlocked after seeing m.dtls set; an Answer after
// Close writes it meanwhile.
func (m *Redial) Finalize() string {
	m.mu.Lock()
	d := m.dtls
	m.mu.Unlock()
	if d == nil {
		return ""
	}
	return m.role // want `Finalize reads m\.role without holding m\.mu, which guards it in Answer`
}
