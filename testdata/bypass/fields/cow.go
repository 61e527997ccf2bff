package fields

import "sync"

// Topics keeps its subscribers copy-on-write: Subscribe and Unsubscribe put
// a new list in the map and never write into one that is there, so Post
// can take a list under the read lock and range over it after
// releasing it.
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
