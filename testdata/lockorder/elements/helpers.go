package elements

import "sync"

// A Roster's helper locks each session of the roster's map while
// its caller holds the roster's lock, two calls down: to its callers
// the helper locks some element of r.sessions (r.sessions[?].mu). A
// session's Expire holds the session's lock and tells the roster,
// which locks it: the roster's sweep and a session's expiry deadlock.
type Roster struct {
	mu       sync.Mutex
	sessions map[string]*Session
	byConn   map[*Session]bool
}

type Session struct {
	mu  sync.Mutex
	reg *Roster
	ttl int
}

// Sweep holds the roster's lock and pings every session.
func (r *Roster) Sweep() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pingAll() // want `latent: r\.sessions\[\?\]\.mu is acquired in \(\*Roster\)\.pingAll while holding r\.mu, but \(\*Session\)\.Expire`
}

func (r *Roster) pingAll() {
	for _, s := range r.sessions {
		s.ping()
	}
}

func (s *Session) ping() {
	s.mu.Lock()
	s.ttl++
	s.mu.Unlock()
}

// Expire holds the session's lock and tells the roster.
func (s *Session) Expire() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ttl = 0
	s.reg.forget(s) // want `latent: s\.reg\.mu is acquired in \(\*Roster\)\.forget while holding s\.mu, but \(\*Roster\)\.Sweep`
}

func (r *Roster) forget(s *Session) {
	r.mu.Lock()
	delete(r.byConn, s)
	r.mu.Unlock()
}

// Drain does the same through the keys of another map.
func (r *Roster) Drain() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pingKeys() // want `latent: r\.byConn\[\?key\]\.mu is acquired in \(\*Roster\)\.pingKeys while holding r\.mu, but \(\*Session\)\.Expire`
}

func (r *Roster) pingKeys() {
	for s := range r.byConn {
		s.ping()
	}
}

// A Directory's helpers take each entry's lock only on entries that
// are no element of the directory: a snapshot copied under the lock and
// pinged after it is let go of, and entries the helper makes itself.
// An entry's Close holds its lock and locks the directory: no inversion.
type Directory struct {
	mu      sync.Mutex
	entries map[string]*Entry
}

type Entry struct {
	mu  sync.Mutex
	dir *Directory
	n   int
}

// Refresh copies the entries under the lock and pings them after it.
func (d *Directory) Refresh() {
	d.mu.Lock()
	snap := make([]*Entry, 0, len(d.entries))
	for _, e := range d.entries {
		snap = append(snap, e)
	}
	d.mu.Unlock()
	pingEntries(snap)
}

// Probe pings fresh entries under the lock.
func (d *Directory) Probe() {
	d.mu.Lock()
	defer d.mu.Unlock()
	probeFresh()
}

func probeFresh() {
	fresh := []*Entry{{}, {}}
	pingEntries(fresh)
}

func pingEntries(es []*Entry) {
	for _, e := range es {
		e.ping()
	}
}

func (e *Entry) ping() {
	e.mu.Lock()
	e.n++
	e.mu.Unlock()
}

// Close holds the entry's lock and locks the directory.
func (e *Entry) Close() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.dir.mu.Lock()
	delete(e.dir.entries, "")
	e.dir.mu.Unlock()
}
