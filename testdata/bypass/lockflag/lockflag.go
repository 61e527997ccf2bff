// Package lockflag: a method that takes its receiver's lock unless its
// caller says it holds it already (Remove(locked bool, …)) runs the rest
// under the lock either way: the flag's name is its callers' contract.
package lockflag

import "sync"

// A SessionManager keeps sessions.
//
// It is safe for concurrent use.
type SessionManager struct {
	sync.RWMutex
	sessions map[int]string
}

func (m *SessionManager) Add(id int, s string) {
	m.Lock()
	defer m.Unlock()
	m.sessions[id] = s
}

func (m *SessionManager) Rename(id int, s string) {
	m.Lock()
	defer m.Unlock()
	m.sessions[id] = s
}

func (m *SessionManager) Reset(id int) {
	m.Lock()
	defer m.Unlock()
	m.sessions[id] = ""
}

// Remove deletes a session; locked says whether the caller holds m.
func (m *SessionManager) Remove(locked bool, id int) {
	if !locked {
		m.Lock()
		defer m.Unlock()
	}
	delete(m.sessions, id)
}

// Close removes every session under the lock, telling Remove so.
func (m *SessionManager) Close() {
	m.Lock()
	defer m.Unlock()
	for id := range m.sessions {
		m.Remove(true, id)
	}
}

// A Registry's Forget takes the lock only when asked to sync, a flag
// that says nothing of who holds the lock: without sync its delete
// runs unlocked.
//
// It is safe for concurrent use.
type Registry struct {
	sync.RWMutex
	names map[int]string
}

func (r *Registry) Put(id int, s string) {
	r.Lock()
	defer r.Unlock()
	r.names[id] = s
}

func (r *Registry) Rename(id int, s string) {
	r.Lock()
	defer r.Unlock()
	r.names[id] = s
}

func (r *Registry) Reset(id int) {
	r.Lock()
	defer r.Unlock()
	r.names[id] = ""
}

func (r *Registry) Forget(sync bool, id int) {
	if sync {
		r.Lock()
		defer r.Unlock()
	}
	delete(r.names, id) // want `Forget writes the entries of r\.names without holding r\.RWMutex`
}
