// Package mutex: a sync.Mutex released twice on a path, beside the
// correct idioms that release it more than once in a function.
package mutex

import (
	"errors"
	"log"
	"sync"
	"testing"
)

var errClosed = errors.New("closed")

type Store struct {
	mu     sync.Mutex
	cache  map[string]string
	closed bool
}

func (s *Store) load(k string) (string, error) { return k, nil }

func slow() {}

// ErrorBranch: the error branch unlocks and goes on; the Unlock after
// it is the second on that path.
func (s *Store) ErrorBranch(k string) {
	s.mu.Lock()
	v, err := s.load(k)
	if err != nil {
		s.mu.Unlock()
		log.Printf("load %s: %v", k, err)
	}
	s.cache[k] = v
	s.mu.Unlock() // want `^certain: s\.mu\.Unlock\(\) unlocks s\.mu a second time on this path: this function locked it at mutex\.go:27 and unlocked it already at mutex\.go:30, with no Lock since; the process dies with "fatal error: sync: unlock of unlocked mutex", which no recover catches \(or, if another goroutine locked it in between, this unlocks theirs\); remove this Unlock, or return after the first one$`
}

// ErrorReturns: the near miss, the error branch returns.
func (s *Store) ErrorReturns(k string) error {
	s.mu.Lock()
	v, err := s.load(k)
	if err != nil {
		s.mu.Unlock()
		return err
	}
	s.cache[k] = v
	s.mu.Unlock()
	return nil
}

// Twice: every path has unlocked already, so s.closed unlocks it again.
func (s *Store) Twice() {
	s.mu.Lock()
	s.cache["a"] = "b"
	s.mu.Unlock()
	if s.closed {
		s.mu.Unlock() // want `s\.mu\.Unlock\(\) unlocks s\.mu a second time on this path: this function locked it at mutex\.go:52 and unlocked it already at mutex\.go:54`
	}
}

// BreakOut: the loop's error exit unlocks, then the Unlock after the
// loop runs again.
func (s *Store) BreakOut(keys []string) {
	s.mu.Lock()
	for _, k := range keys {
		if k == "" {
			s.mu.Unlock()
			break
		}
		s.cache[k] = ""
	}
	s.mu.Unlock() // want `unlocked it already at mutex\.go:66`
}

// Correlated: the two Unlocks are on different paths.
func (s *Store) Correlated(c bool) {
	s.mu.Lock()
	if c {
		s.mu.Unlock()
	}
	slow()
	if !c {
		s.mu.Unlock()
	}
}

// Fatal: the error branch never comes back.
func (s *Store) Fatal(k string) {
	s.mu.Lock()
	v, err := s.load(k)
	if err != nil {
		s.mu.Unlock()
		log.Fatalf("load %s: %v", k, err)
	}
	s.cache[k] = v
	s.mu.Unlock()
}

// Panics: neither does this one.
func (s *Store) Panics(k string) {
	s.mu.Lock()
	if k == "" {
		s.mu.Unlock()
		panic("empty key")
	}
	s.cache[k] = ""
	s.mu.Unlock()
}

const debugLocks = false

// Dead: the first Unlock is in code that never runs.
func (s *Store) Dead() {
	s.mu.Lock()
	if debugLocks {
		s.mu.Unlock()
	}
	s.mu.Unlock()
}

// PerItem and Continue lock and unlock in each iteration.
func (s *Store) PerItem(keys []string) {
	for _, k := range keys {
		s.mu.Lock()
		s.cache[k] = ""
		s.mu.Unlock()
	}
}

func (s *Store) Continue(keys []string) {
	for _, k := range keys {
		s.mu.Lock()
		if k == "" {
			s.mu.Unlock()
			continue
		}
		s.cache[k] = ""
		s.mu.Unlock()
	}
}

func (s *Store) Serve(reqs chan string) {
	for {
		s.mu.Lock()
		k := <-reqs
		if k == "" {
			s.mu.Unlock()
			continue
		}
		s.cache[k] = ""
		s.mu.Unlock()
	}
}

// Unlock is an unlock helper: it releases its caller's lock (Lock's).
func (s *Store) Unlock() { s.mu.Unlock() }

// flushLocked and waitLocked let go of their caller's lock for a while.
func (s *Store) flushLocked() {
	s.mu.Unlock()
	defer s.mu.Lock()
	slow()
}

func (s *Store) waitLocked() {
	s.mu.Unlock()
	slow()
	s.mu.Lock()
	s.cache["w"] = ""
	s.mu.Unlock()
	slow()
	s.mu.Lock()
}

// Try: a TryLock that failed holds nothing.
func (s *Store) Try() {
	if !s.mu.TryLock() {
		return
	}
	defer s.mu.Unlock()
	s.cache["t"] = ""
}

// TryThenUnlock: after a TryLock that succeeded, the deferred Unlock
// repeats the explicit one.
func (s *Store) TryThenUnlock() {
	if !s.mu.TryLock() {
		return
	}
	defer s.mu.Unlock() // want `the deferred s\.mu\.Unlock\(\), run at the return at mutex\.go:\d+, unlocks s\.mu a second time on this path: this function locked it at mutex\.go:186 and unlocked it already at mutex\.go:191, with no Lock since; .*; remove the earlier Unlock, or Lock again before returning`
	s.cache["t"] = ""
	s.mu.Unlock()
}

// Closed: the closed branch unlocks, then returns through the deferred
// Unlock. The report deletes the explicit one.
func (s *Store) Closed() error {
	s.mu.Lock()
	defer s.mu.Unlock() // want `the deferred s\.mu\.Unlock\(\), run at the return at mutex\.go:201, unlocks s\.mu a second time on this path`
	if s.closed {
		s.mu.Unlock()
		return errClosed
	}
	s.cache["c"] = ""
	return nil
}

// ClosedSlow: the same, but work runs between the explicit Unlock and
// the return: deleting the Unlock would hold the lock across it.
func (s *Store) ClosedSlow() error {
	s.mu.Lock()
	defer s.mu.Unlock() // want `unlocked it already at mutex\.go:213`
	if s.closed {
		s.mu.Unlock()
		slow()
		return errClosed
	}
	return nil
}

// Relock: the explicit Unlock lets go around slow work and locks again
// before returning to the deferred Unlock.
func (s *Store) Relock() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cache["a"] = ""
	s.mu.Unlock()
	slow()
	s.mu.Lock()
	s.cache["b"] = ""
}

// DeferRelock: the deferred Lock runs before the deferred Unlock.
func (s *Store) DeferRelock() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.mu.Unlock()
	defer s.mu.Lock()
	slow()
}

// DeferredClosure: the deferred closure unlocks only if the function did
// not; the early return does not unlock.
func (s *Store) DeferredClosure(k string) error {
	s.mu.Lock()
	unlocked := false
	defer func() {
		if !unlocked {
			s.mu.Unlock()
		}
	}()
	if k == "" {
		return errClosed
	}
	s.cache[k] = ""
	s.mu.Unlock()
	unlocked = true
	slow()
	return nil
}

// HandOff: the goroutine unlocks the lock its parent took.
func (s *Store) HandOff(async bool) {
	s.mu.Lock()
	if async {
		go func() {
			defer s.mu.Unlock()
			slow()
		}()
		return
	}
	slow()
	s.mu.Unlock()
}

// Two gates: a.mu and b.mu are unlocked once each.
func Two(a, b *Store) {
	a.mu.Lock()
	b.mu.Lock()
	a.mu.Unlock()
	b.mu.Unlock()
}

var global sync.Mutex

// Global unlocks global twice on its one path: the second Unlock finds
// it unlocked and the process dies.
func Global() {
	global.Lock()
	slow()
	global.Unlock()
	global.Unlock() // want `global\.Unlock\(\) unlocks global a second time`
}

// FallsOff: the deferred Unlock runs at the closing brace, a second time.
func (s *Store) FallsOff() {
	s.mu.Lock()
	defer s.mu.Unlock() // want `the deferred s\.mu\.Unlock\(\), run at the return at mutex\.go:300, unlocks s\.mu a second time`
	s.cache["f"] = ""
	s.mu.Unlock()
}

// Ignored: a report suppressed with a reason.
func (s *Store) Ignored() {
	s.mu.Lock()
	s.mu.Unlock()
	//gatevet:ignore doublerelease kept to exercise the directive
	s.mu.Unlock()
}

type node struct {
	mu   sync.Mutex
	next *node
}

// HandOverHand: each node's lock is taken before the previous one is
// given back; the names of the locks change with each iteration.
func HandOverHand(head *node) {
	cur := head
	cur.mu.Lock()
	for cur.next != nil {
		next := cur.next
		next.mu.Lock()
		cur.mu.Unlock()
		cur = next
	}
	cur.mu.Unlock()
}

// InPlace: a closure called in place unlocks; what it does is not
// followed.
func (s *Store) InPlace() {
	s.mu.Lock()
	unlock := func() { s.mu.Unlock() }
	if s.closed {
		unlock()
	}
	s.mu.Unlock()
}

// Embedded: the mutex is promoted.
type Counter struct {
	sync.Mutex
	n int
}

// Inc unlocks the promoted mutex twice in a row: the second finds it
// unlocked.
func (c *Counter) Inc() {
	c.Lock()
	c.n++
	c.Unlock()
	c.Unlock() // want `c\.Mutex\.Unlock\(\) unlocks c\.Mutex a second time`
}

func requireNoError(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}

// Asserted and Must: the error branch ends in a helper that does not
// come back when there is an error.
func (s *Store) Asserted(t *testing.T, k string) {
	s.mu.Lock()
	v, err := s.load(k)
	if err != nil {
		s.mu.Unlock()
		requireNoError(t, err)
	}
	s.cache[k] = v
	s.mu.Unlock()
}

func (s *Store) Must(k string) {
	s.mu.Lock()
	v, err := s.load(k)
	if err != nil {
		s.mu.Unlock()
		must(err)
	}
	s.cache[k] = v
	s.mu.Unlock()
}

type Handle struct {
	mu *sync.Mutex
}

// Rebound: the field names another mutex after the store.
func (h *Handle) Rebound(other *sync.Mutex) {
	h.mu.Lock()
	h.mu.Unlock()
	h.mu = other
	h.mu.Unlock()
}

// Captured: the variable a closure captures is given another mutex.
func Captured(a, b *sync.Mutex) func() {
	m := a
	m.Lock()
	m.Unlock()
	m = b
	m.Unlock()
	return func() { m.Lock() }
}

// NotRebound: a store elsewhere in the struct leaves h.mu alone, so the
// second Unlock unlocks the same mutex, already unlocked.
func (h *Handle) NotRebound(s *Store) {
	h.mu.Lock()
	h.mu.Unlock()
	s.closed = true
	h.mu.Unlock() // want `h\.mu\.Unlock\(\) unlocks h\.mu a second time`
}

// Lock takes the lock that Unlock gives back.
func (s *Store) Lock() { s.mu.Lock() }
