package store // want package:`^\{package store \S+ Queue\.Drain: leaks p0/mu at callers\.go:89; Shut: leaks p0/mu at callers\.go:114\}$`

import (
	"errors"
	"sync"
)

// Whether a function that returns holding a gate on some paths is an
// acquire helper is up to its callers.

type Queue struct {
	mu      sync.Mutex
	pending []string
	closed  bool
	n       int
}

func (q *Queue) write(p []string) error { return nil }

// flush returns early, holding q.mu, when there is nothing to write. Its
// callers never release q.mu: it is not an acquire helper, the early
// return is the bug.
func (q *Queue) flush() error {
	q.mu.Lock()
	if len(q.pending) == 0 {
		return nil // want `this return keeps q\.mu \(sync\.Mutex\) held, and no caller of \(\*Queue\)\.flush releases it \(2 call sites\)`
	}
	err := q.write(q.pending)
	q.pending = nil
	q.mu.Unlock()
	return err
}

func (q *Queue) Sync() error { return q.flush() }

func (q *Queue) Tick() {
	if err := q.flush(); err != nil {
		q.n++
	}
}

// enter is an acquire helper: every caller releases q.mu after it.
func (q *Queue) enter() error {
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		return errClosed
	}
	return nil
}

func (q *Queue) leave() { q.mu.Unlock() }

func (q *Queue) Push(s string) error {
	if err := q.enter(); err != nil {
		return err
	}
	defer q.leave()
	q.pending = append(q.pending, s)
	return nil
}

func (q *Queue) Len() (int, error) {
	if err := q.enter(); err != nil {
		return 0, err
	}
	n := len(q.pending)
	q.mu.Unlock()
	return n, nil
}

// check has the leaking shape but no caller here: its callers are
// unknown, so it is not judged.
func (q *Queue) check() error {
	q.mu.Lock()
	if q.closed {
		return nil
	}
	err := q.write(nil)
	q.mu.Unlock()
	return err
}

// Drain has the leaking shape and is exported: it is judged at its
// callers in other packages (see client), which the fact tells.
func (q *Queue) Drain() error {
	q.mu.Lock()
	if len(q.pending) == 0 {
		return nil
	}
	err := q.write(q.pending)
	q.mu.Unlock()
	return err
}

// Release gives q.mu back, for callers that hold it.
func (q *Queue) Release() { q.mu.Unlock() }

// Begin tells its caller whether it holds q.mu: not a leak at all.
func (q *Queue) Begin() bool {
	q.mu.Lock()
	if q.closed {
		q.mu.Unlock()
		return false
	}
	return true
}

// Shut keeps the lock of the queue it is given when it is already
// closed.
func Shut(q *Queue) error {
	q.mu.Lock()
	if q.closed {
		return nil
	}
	q.closed = true
	err := q.write(q.pending)
	q.mu.Unlock()
	return err
}

// Open gives the lock back only with the error it checked: an acquire
// helper whose caller holds the lock when it returns nil.
func Open(q *Queue) error {
	q.mu.Lock()
	if err := q.write(nil); err != nil {
		q.mu.Unlock()
		return err
	}
	return nil
}

// Mux opens streams under a bound on the streams being opened: a slot
// of opening is taken by Open and freed by a goroutine once the peer
// acknowledges the stream. Nothing outside the package can free a slot.
type Mux struct {
	opening chan struct{}
	next    int
	acks    chan int
}

// NewMux makes a mux that opens at most n streams at once.
func NewMux(n int) *Mux {
	return &Mux{opening: make(chan struct{}, n), acks: make(chan int)}
}

// Open keeps its slot when the ids run out; it frees it when the stream
// cannot be announced, and hands it to the goroutine that awaits the
// acknowledgement otherwise.
func (m *Mux) Open(announce func(int) error) (int, error) {
	m.opening <- struct{}{}
	if m.next < 0 {
		return 0, errExhausted
	}
	m.next++
	if err := announce(m.next); err != nil {
		<-m.opening
		return 0, err
	}
	go m.await(m.next)
	return m.next, nil
}

// await frees the slot of stream id once the peer acknowledges it.
func (m *Mux) await(id int) {
	for got := range m.acks {
		if got == id {
			break
		}
	}
	<-m.opening
}

var errExhausted = errors.New("stream ids exhausted")
