package fields

import "sync"

// Topics keeps its subscribers copy-on-write: Subscribe and Unsubscribe put
// a new list in the map and never write into one that is there, so Post
// can take a list under the read lock and range over it after
// releasing it.
//
// It is safe for concurrent use.
type Topics struct {
	mu   sync.RWMutex
	subs map[string][]*Listener
}

func (m *Topics) Subscribe(topic string, s *Listener) {
	m.mu.Lock()
	defer m.mu.Unlock()
	old := m.subs[topic]
	subs := make([]*Listener, len(old)+1)
	copy(subs, old)
	subs[len(old)] = s
	m.subs[topic] = subs
}

func (m *Topics) Unsubscribe(topic string, s *Listener) {
	m.mu.Lock()
	defer m.mu.Unlock()
	old := m.subs[topic]
	subs := make([]*Listener, 0, len(old))
	for _, c := range old {
		if c != s {
			subs = append(subs, c)
		}
	}
	m.subs[topic] = subs
}

func (m *Topics) Post(topic string, v int) {
	m.mu.RLock()
	subs := m.subs[topic]
	m.mu.RUnlock()
	for _, s := range subs {
		s.deliver(v)
	}
}

// A Listener is one subscriber's queue.
type Listener struct{ ch chan int }

func (s *Listener) deliver(v int) {
	select {
	case s.ch <- v:
	default:
	}
}

// Inbox is Topics with removals made in place: append(s[:i], s[i+1:]...)
// moves the later listeners down the very array Post ranges over, and
// Replace copies into it.
//
// It is safe for concurrent use.
type Inbox struct {
	mu   sync.RWMutex
	subs map[string][]*Listener
}

func (m *Inbox) Unsubscribe(topic string, l *Listener) {
	m.mu.Lock()
	defer m.mu.Unlock()
	s := m.subs[topic]
	for i, c := range s {
		if c == l {
			m.subs[topic] = append(s[:i], s[i+1:]...)
			return
		}
	}
}

func (m *Inbox) Replace(topic string, ls []*Listener) {
	m.mu.Lock()
	defer m.mu.Unlock()
	copy(m.subs[topic], ls)
}

func (m *Inbox) Post(topic string, v int) {
	m.mu.RLock()
	subs := m.subs[topic]
	m.mu.RUnlock()
	for _, s := range subs {
		s.deliver(v) // want `latent: Post reads the elements of the slices in m\.subs without holding m\.mu, which guards it in Unsubscribe, Replace`
	}
}

// Grid's entries point to arrays: their elements are reached through
// the pointer an entry holds, as the entries' own state.
//
// It is safe for concurrent use.
type Grid struct {
	mu    sync.Mutex
	cells map[string]*[4]int
}

func (g *Grid) Set(k string, i, v int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.cells[k][i] = v
}

func (g *Grid) Reset(k string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.cells[k][0] = 0
}

func (g *Grid) Get(k string, i int) int {
	return g.cells[k][i] // want `latent: Get reads the entries of g\.cells without holding g\.mu, which guards it in Set, Reset`
}
