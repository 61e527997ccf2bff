package flagarg

import "sync"

// A helper called both ways is two functions in one: each call runs the
// one its constant picks (nats-server's memStore.loadMsgLocked, called
// with true by LoadMsg and with false by callers that hold the lock).
// Store's Load passes true and holds s.mu where load reads; Scan holds
// it itself and passes false. Peek, the near miss, passes false without
// holding it.
//
// It is safe for concurrent use.
type Store struct {
	mu   sync.RWMutex
	msgs map[int]string
	last int
}

func (s *Store) Put(k int, v string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgs[k] = v
	s.last = k
}

func (s *Store) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgs = make(map[int]string)
	s.last = 0
}

func (s *Store) load(k int, needLock bool) (string, bool) {
	if needLock {
		s.mu.RLock()
	}
	v, ok := s.msgs[k]
	last := s.last
	if needLock {
		s.mu.RUnlock()
	}
	return v, ok && k <= last
}

func (s *Store) Load(k int) (string, bool) { return s.load(k, true) }

func (s *Store) Scan(ks []int) int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	n := 0
	for _, k := range ks {
		if _, ok := s.load(k, false); ok {
			n++
		}
	}
	return n
}

func (s *Store) Peek(k int) string {
	v, _ := s.load(k, false) // want `latent: Peek reads s\.msgs through \(\*Store\)\.load → s\.msgs without holding s\.mu`
	return v
}
