// Package claims: a process-wide poll manager that a per-instance
// critical section starts lazily. The manager's status word is claimed
// with a CompareAndSwap from one constant state to another, which one
// goroutine wins at a time: the start runs behind it for the whole
// process, whatever instance lock its caller holds.
package claims

import (
	"runtime"
	"sync"
	"sync/atomic"
)

const (
	uninitialized int32 = iota
	initializing
	initialized
)

type manager struct {
	status int32
	polls  []int
	n      int
}

var pollmanager = &manager{n: 4}

func (m *manager) run() {
	polls := make([]int, m.n)
	copy(polls, m.polls)
	m.polls = polls
}

// pick starts the manager on first use: the losers of the claim wait
// until the winner has given the word back.
func (m *manager) pick() int {
	for {
		if atomic.LoadInt32(&m.status) == initialized {
			return len(m.polls)
		}
		if !atomic.CompareAndSwapInt32(&m.status, uninitialized, initializing) {
			runtime.Gosched()
			continue
		}
		m.run()
		atomic.StoreInt32(&m.status, initialized)
		return len(m.polls)
	}
}

// EventLoop locks its own server and, inside, picks a poller.
type EventLoop struct {
	sync.Mutex
	svr int
}

func NewEventLoop() *EventLoop { return &EventLoop{} }

func (evl *EventLoop) Serve() {
	evl.Lock()
	evl.svr = pollmanager.pick()
	evl.Unlock()
}

// grow counts its attempts with a CompareAndSwap loop: the new value is
// no constant, so the code after it claims nothing, and two Listeners
// write the polls at once.
func (m *manager) grow() {
	for {
		old := atomic.LoadInt32(&m.status)
		if atomic.CompareAndSwapInt32(&m.status, old, old+1) {
			break
		}
	}
	m.run()
}

type Listener struct {
	mu sync.Mutex // want `Listener\.mu is a per-instance gate, but its critical sections use pollmanager`
	n  int
}

func NewListener() *Listener { return &Listener{} }

func (l *Listener) Listen() {
	l.mu.Lock()
	l.n++
	pollmanager.grow()
	l.mu.Unlock()
}

// reset gives the word back before it writes: what follows the write
// is no longer claimed.
func (m *manager) reset() {
	if !atomic.CompareAndSwapInt32(&m.status, initialized, initializing) {
		return
	}
	atomic.StoreInt32(&m.status, uninitialized)
	m.run()
}

type Dialer struct {
	mu sync.Mutex // want `Dialer\.mu is a per-instance gate, but its critical sections use pollmanager`
	n  int
}

func NewDialer() *Dialer { return &Dialer{} }

func (d *Dialer) Redial() {
	d.mu.Lock()
	d.n++
	pollmanager.reset()
	d.mu.Unlock()
}

const (
	open int32 = iota
	closed
)

var closedConns int

// A Conn's Close claims its own state word and counts itself closed in
// a package-level counter: a claim of an instance's word is no gate the
// instance keeps, so no per-instance gate is reported here.
type Conn struct {
	state atomic.Int32
}

func NewConn() *Conn { return &Conn{} }

func (c *Conn) Close() {
	if !c.state.CompareAndSwap(open, closed) {
		return
	}
	closedConns++
}
