// Package waits holds Cond Wait loops with and without a context or a way
// out, bare Waits beside Waits that re-check, and the functions without a
// context that may block in one.
package waits

import (
	"context"
	"sync"
	"time"
)

type Queue struct {
	mu      sync.Mutex
	cond    *sync.Cond
	items   []int
	closed  bool
	queued  int
	done    int
	pending int
}

func New() *Queue {
	q := &Queue{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

// Get waits with nothing to see but the items: no way out, so it blocks.
func (q *Queue) Get() int { // want `^blocks: \[\(\*sync\.Cond\)\.Wait\]$`
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait() // want `^wait: loop$`
	}
	return q.items[0]
}

// GetCtx checks its context in the loop.
func (q *Queue) GetCtx(ctx context.Context) (int, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		q.cond.Wait() // want `^wait: loop ctx$`
	}
	return q.items[0], nil
}

// GetIgnoring has a context and does not look at it: the loop uses none,
// but the function cannot be said to block without one.
func (q *Queue) GetIgnoring(ctx context.Context) int {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait() // want `^wait: loop$`
	}
	return q.items[0]
}

// GetOrClosed leaves once q.closed, which Close writes, is set.
func (q *Queue) GetOrClosed() (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 && !q.closed {
		q.cond.Wait() // want `^wait: loop wayout$`
	}
	if q.closed {
		return 0, false
	}
	return q.items[0], true
}

func (q *Queue) Close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.cond.Broadcast()
}

// GetBy leaves at a deadline: the clock is a way out.
func (q *Queue) GetBy(deadline time.Time) bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 && time.Now().Before(deadline) {
		q.cond.Wait() // want `^wait: loop wayout$`
	}
	return len(q.items) > 0
}

// Flush waits for the jobs queued so far: a drain to a snapshot.
func (q *Queue) Flush() {
	q.mu.Lock()
	defer q.mu.Unlock()
	n := q.queued
	for q.done < n {
		q.cond.Wait() // want `^wait: loop wayout$`
	}
}

// Idle reads both counters in the loop: no snapshot, no way out.
func (q *Queue) Idle() { // want `^blocks: \[\(\*sync\.Cond\)\.Wait\]$`
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.done < q.queued {
		q.cond.Wait() // want `^wait: loop$`
	}
}

// Sync waits for a goroutine it starts itself, which wakes the same Cond.
func (q *Queue) Sync() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.pending++
	go q.flush()
	for len(q.items) > 0 {
		q.cond.Wait() // want `^wait: loop wayout$`
	}
}

func (q *Queue) flush() {
	q.mu.Lock()
	q.items = nil
	q.done++
	q.mu.Unlock()
	q.cond.Broadcast()
}

type Other struct {
	cond *sync.Cond
}

func (o *Other) wake() { o.cond.Broadcast() }

// SyncOther starts a goroutine that wakes another Cond: no way out.
func (q *Queue) SyncOther(o *Other) { // want `^blocks: \[\(\*sync\.Cond\)\.Wait\]$`
	q.mu.Lock()
	defer q.mu.Unlock()
	go o.wake()
	for len(q.items) > 0 {
		q.cond.Wait() // want `^wait: loop$`
	}
}

// Fetch blocks in Get, its callee.
func Fetch(q *Queue) int { // want `^blocks: \[\(\*Queue\)\.Get \(\*sync\.Cond\)\.Wait\]$`
	return q.Get() // want `^blocking call: \(\*Queue\)\.Get$`
}

// FetchCtx calls Get too, but has a context: the call blocks, the
// function is not said to.
func FetchCtx(ctx context.Context, q *Queue) int {
	return q.Get() // want `^blocking call: \(\*Queue\)\.Get$`
}

// FetchOrClosed calls a Wait with a way out: nothing blocks.
func FetchOrClosed(q *Queue) int {
	n, _ := q.GetOrClosed()
	return n
}

// TryGet waits once, as an if decides, then relies on an item being
// there: a bare Wait.
func (q *Queue) TryGet() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.items) == 0 {
		q.cond.Wait() // want `^bare wait$`
	}
	return q.items[0]
}

// TryGetChecked tests again after the Wait: not a bare Wait.
func (q *Queue) TryGetChecked() (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.items) == 0 {
		q.cond.Wait()
	}
	if len(q.items) == 0 {
		return 0, false
	}
	return q.items[0], true
}

// Nudge waits for the next signal and uses none of what it tested: not a
// bare Wait.
func (q *Queue) Nudge() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.closed {
		q.cond.Wait()
	}
}
