// Package stopped: wait loops that also end when the queue is stopped,
// the stop read through helpers: two mutually recursive ones (whichever
// is judged first, both see the atomic flag), and one that returns under
// a deferred unlock (its true and false go through result slots).
package stopped

import (
	"context"
	"sync"
	"sync/atomic"
)

type Q struct {
	mu      sync.Mutex
	cond    *sync.Cond
	smu     sync.Mutex
	stop    int32
	stopped bool
	items   []int
}

func New() *Q {
	q := &Q{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

func (q *Q) Stop() {
	atomic.StoreInt32(&q.stop, 1)
	q.smu.Lock()
	q.stopped = true
	q.smu.Unlock()
	q.mu.Lock()
	q.cond.Broadcast()
	q.mu.Unlock()
}

func (q *Q) a(n int) bool {
	if n > 0 {
		return q.b(n - 1)
	}
	return atomic.LoadInt32(&q.stop) == 1
}

func (q *Q) b(n int) bool {
	if n > 0 {
		return q.a(n - 1)
	}
	return false
}

func (q *Q) WaitA(ctx context.Context) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 && !q.a(3) {
		q.cond.Wait()
	}
}

func (q *Q) WaitB(ctx context.Context) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 && !q.b(3) {
		q.cond.Wait()
	}
}

func (q *Q) isStopped() bool {
	q.smu.Lock()
	defer q.smu.Unlock()
	if q.stopped {
		return true
	}
	return false
}

func (q *Q) WaitStopped(ctx context.Context) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 && !q.isStopped() {
		q.cond.Wait()
	}
}

// Get has no way out but items.
func (q *Q) Get(ctx context.Context) int {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait() // want `certain: Get waits in a sync\.Cond loop that never looks at ctx`
	}
	return q.items[0]
}
