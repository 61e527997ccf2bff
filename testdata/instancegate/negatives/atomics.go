package negatives

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// A process-wide manager whose count the package reads with sync/atomic
// (netpoll's pollmanager.numLoops): the atomics synchronise it, so two
// loops' locks around its use are no race. Its one plain write is the
// init that the winner of the CAS on status makes before it publishes
// status 2, which every reader waits for. Tally, the near miss, counts
// with a plain increment.
type manager struct {
	status int32
	loops  int32
	hits   int
}

var pollManager = &manager{}

func (m *manager) Pick() int32 {
	if atomic.CompareAndSwapInt32(&m.status, 0, 1) {
		m.loops = 4
		atomic.StoreInt32(&m.status, 2)
	}
	for atomic.LoadInt32(&m.status) != 2 {
		runtime.Gosched()
	}
	return atomic.LoadInt32(&m.loops)
}

type loop struct{ mu sync.Mutex }

func NewLoop() *loop { return &loop{} }

func (l *loop) Serve() int32 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return pollManager.Pick()
}

func (m *manager) Tally() { m.hits++ }

type counter struct {
	mu sync.Mutex // want `counter\.mu is a per-instance gate, but its critical sections use pollManager\.hits`
}

func NewCounter() *counter { return &counter{} }

func (c *counter) Count() {
	c.mu.Lock()
	defer c.mu.Unlock()
	pollManager.Tally()
}
