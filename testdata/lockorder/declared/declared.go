// Package declared writes its lock order down: a hub's lock before its
// members' locks, members' locks before the journal's. Join keeps it;
// Evict takes the hub's lock under a member's, against it, with no
// reverse edge in this package for an inversion to be found from.
//
//gatevet:order Hub.mu < Member.mu < journalMu
package declared

import "sync"

type Hub struct {
	mu      sync.Mutex
	members map[string]*Member
}

type Member struct {
	mu   sync.Mutex
	hub  *Hub
	seen int
}

var (
	journalMu sync.Mutex
	journal   []string
)

// Join takes the hub's lock, then the member's, then the journal's.
func (h *Hub) Join(m *Member) {
	h.mu.Lock()
	defer h.mu.Unlock()
	m.mu.Lock()
	defer m.mu.Unlock()
	m.hub = h
	journalMu.Lock()
	journal = append(journal, "join")
	journalMu.Unlock()
}

// Evict locks the hub under the member's lock: a Join of the same two
// at the same time deadlocks.
func (m *Member) Evict() {
	m.mu.Lock()
	defer m.mu.Unlock()
	h := m.hub
	h.mu.Lock() // want `^certain: m\.hub\.mu is acquired while holding m\.mu, against the declared lock order Hub\.mu < Member\.mu < journalMu \(declared at declared\.go:\d+\)`
	delete(h.members, "m")
	h.mu.Unlock()
}

// Touch locks the member, then the journal: in order.
func (m *Member) Touch() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.seen++
	journalMu.Lock()
	journal = append(journal, "touch")
	journalMu.Unlock()
}

// Lock and Unlock hand the journal's lock to other packages.
func Lock()   { journalMu.Lock() }
func Unlock() { journalMu.Unlock() }

// The archive's lock comes after the journal's: with the package's first
// order, after the hub's too.
//
//gatevet:order journalMu < Archive.mu

type Archive struct {
	mu    sync.Mutex
	total int
}

// Rotate takes the hub's lock under the archive's: against the two
// orders together, though neither names both.
func (a *Archive) Rotate(h *Hub) {
	a.mu.Lock()
	defer a.mu.Unlock()
	h.mu.Lock() // want `^certain: h\.mu is acquired while holding a\.mu, against the declared lock orders Hub\.mu < Member\.mu < journalMu \(declared at declared\.go:\d+\) and journalMu < Archive\.mu \(declared at declared\.go:\d+\)`
	a.total = len(h.members)
	h.mu.Unlock()
}
