package pool

import (
	"context"
	"sync"
)

// Queue holds at most max items: Push waits while it is full, for a
// consumer to take one, as a semaphore's acquire waits for a permit.
type Queue struct {
	mu       sync.Mutex
	notFull  sync.Cond
	notEmpty sync.Cond
	buf      []int
	count    int
	max      int
}

func NewQueue(max int) *Queue {
	q := &Queue{max: max}
	q.notFull.L = &q.mu
	q.notEmpty.L = &q.mu
	return q
}

// Push waits while the queue is full; push counts the item in.
func (q *Queue) Push(ctx context.Context, v int) {
	q.mu.Lock()
	for q.count == q.max {
		q.notFull.Wait() // want `latent: Push waits in a sync\.Cond loop for a free slot and never looks at ctx`
	}
	q.push(v)
	q.mu.Unlock()
}

func (q *Queue) push(v int) {
	q.buf = append(q.buf, v)
	q.count++
	q.notEmpty.Signal()
}

// Pop takes an item, waiting while there is none.
func (q *Queue) Pop() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.count == 0 {
		q.notEmpty.Wait()
	}
	v := q.buf[0]
	q.buf = q.buf[1:]
	q.count--
	q.notFull.Signal()
	return v
}

// Drain never reads ctx: cancelled while items are queued, it waits on
// until a consumer empties the queue, which may never come.
func (q *Queue) Drain(ctx context.Context) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.count != 0 {
		q.notFull.Wait() // want `certain: Drain waits in a sync\.Cond loop that never looks at ctx`
	}
}

// Ring is Queue made generic: push, which counts the item in, is a
// method of Ring[T], whose body holds T's fields.
type Ring[T any] struct {
	mu      sync.Mutex
	notFull sync.Cond
	buf     []T
	count   int
	max     int
}

// Put waits while the ring is full.
func (r *Ring[T]) Put(ctx context.Context, v T) {
	r.mu.Lock()
	for r.count == r.max {
		r.notFull.Wait() // want `latent: Put waits in a sync\.Cond loop for a free slot and never looks at ctx`
	}
	r.push(v)
	r.mu.Unlock()
}

func (r *Ring[T]) push(v T) {
	r.buf = append(r.buf, v)
	r.count++
}

// Take takes the oldest item and frees its slot.
func (r *Ring[T]) Take() T {
	r.mu.Lock()
	defer r.mu.Unlock()
	v := r.buf[0]
	r.buf = r.buf[1:]
	r.count--
	r.notFull.Signal()
	return v
}
