package loops

import "sync"

// A Mesh holds one peer's lock while it locks every peer of the same
// map: when the loop, or the helper that runs it, comes to that peer,
// it blocks on the lock its own path holds.
type Mesh struct {
	mu    sync.Mutex
	peers map[string]*meshPeer
}

type meshPeer struct {
	mu   sync.Mutex
	seen int
}

// Bump holds p.mu and pings every peer through a helper, p among them.
func (m *Mesh) Bump(k string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := m.peers[k]
	p.mu.Lock()
	defer p.mu.Unlock()
	p.seen++
	m.pingAll() // want `latent: \(\*Mesh\)\.pingAll takes m\.peers\[\?\]\.mu on each element, while this path holds p\.mu \(locked at elements\.go:\d+\), the lock of one of them`
}

func (m *Mesh) pingAll() {
	for _, q := range m.peers {
		q.mu.Lock()
		q.seen++
		q.mu.Unlock()
	}
}

// Poke does the same in place.
func (m *Mesh) Poke(k string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := m.peers[k]
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, q := range m.peers {
		q.mu.Lock() // want `latent: the loop takes q\.mu on each element, while this path holds p\.mu`
		q.seen++
		q.mu.Unlock()
	}
}

// Nudge skips the peer it holds, in place and through a helper told
// which one; Share pings every peer after letting go of p.mu.
func (m *Mesh) Nudge(k string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := m.peers[k]
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, q := range m.peers {
		if q == p {
			continue
		}
		q.mu.Lock()
		q.seen++
		q.mu.Unlock()
	}
	m.pingOthers(p)
}

func (m *Mesh) pingOthers(except *meshPeer) {
	for _, q := range m.peers {
		if q == except {
			continue
		}
		q.mu.Lock()
		q.seen++
		q.mu.Unlock()
	}
}

func (m *Mesh) Share(k string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := m.peers[k]
	p.mu.Lock()
	p.seen++
	p.mu.Unlock()
	m.pingAll()
}

// Compare holds the first replica's lock and locks the others by index
// from the second on: the loop never comes to the first.
func Compare(rs []*meshPeer) bool {
	first := rs[0]
	first.mu.Lock()
	defer first.mu.Unlock()
	for i := 1; i < len(rs); i++ {
		r := rs[i]
		r.mu.Lock()
		same := r.seen == first.seen
		r.mu.Unlock()
		if !same {
			return false
		}
	}
	return true
}

// Evict deletes the peer it holds from the map before it pings the
// rest, and Reset pings a fresh set of peers: the loop never comes to
// the element held.
func (m *Mesh) Evict(k string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := m.peers[k]
	delete(m.peers, k)
	p.mu.Lock()
	defer p.mu.Unlock()
	m.pingAll()
}

func (m *Mesh) Reset(k string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	p := m.peers[k]
	m.peers = map[string]*meshPeer{"x": {}}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, q := range m.peers {
		q.mu.Lock()
		q.seen++
		q.mu.Unlock()
	}
}
