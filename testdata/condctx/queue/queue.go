// Package queue: Cond wait loops with and without a way to see a context.
package queue

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

type Queue struct {
	mu      sync.Mutex
	cond    *sync.Cond
	items   []any
	closed  bool
	stopped atomic.Bool
	err     error
}

func New() *Queue {
	q := &Queue{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

func (q *Queue) Put(x any) {
	q.mu.Lock()
	q.items = append(q.items, x)
	q.mu.Unlock()
	q.cond.Signal()
}

func (q *Queue) pop() any {
	x := q.items[0]
	q.items = q.items[1:]
	return x
}

// Get has no context and no way out: the seed's trap.
func (q *Queue) Get() any {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait()
	}
	return q.pop()
}

// Handler has a context but calls Get, which its cancellation cannot end.
func Handler(ctx context.Context, q *Queue) any {
	return q.Get() // want `\(\*Queue\)\.Get blocks in sync\.Cond\.Wait \(queue\.go:\d+\) and cannot observe ctx.* \(1 more call in this package blocks on the same Wait: queue\.go:60\)$`
}

// fetch has no context either: the block travels up to its caller.
func fetch(q *Queue) any { return q.Get() }

// Handler2 blocks on the same Wait as Handler: one report, at Handler,
// names this call.
func Handler2(ctx context.Context, q *Queue) any {
	return fetch(q)
}

// GetCtx has the context as a parameter and ignores it: cancelled while
// the queue is empty, it waits on until a Put.
func (q *Queue) GetCtx(ctx context.Context) any {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait() // want `GetCtx waits in a sync\.Cond loop that never looks at ctx`
	}
	return q.pop()
}

// Captured: the literal sees the handler's context, but only tests it
// for nil: cancelled while the queue is empty, it waits on until a Put.
func Captured(ctx context.Context, q *Queue) any {
	var out any
	get := func() {
		if ctx == nil {
			return
		}
		q.mu.Lock()
		defer q.mu.Unlock()
		for len(q.items) == 0 {
			q.cond.Wait() // want `a func literal in Captured waits in a sync\.Cond loop that never looks at ctx`
		}
		out = q.pop()
	}
	get()
	return out
}

// A worker keeps its context in a field.
type Worker struct {
	ctx context.Context
	q   *Queue
}

// Next never reads w.ctx: cancelled while the queue is empty, it waits
// on until a Put.
func (w *Worker) Next() any {
	w.q.mu.Lock()
	defer w.q.mu.Unlock()
	for len(w.q.items) == 0 {
		w.q.cond.Wait() // want `Next waits in a sync\.Cond loop that never looks at w\.ctx`
	}
	return w.q.pop()
}

// The seed's first fix: a watcher goroutine wakes the waiters under the
// lock, and the loop checks the context.
func (q *Queue) GetWatched(ctx context.Context) (any, error) {
	done := make(chan struct{})
	defer close(done)
	go func() {
		select {
		case <-ctx.Done():
			q.mu.Lock()
			q.cond.Broadcast()
			q.mu.Unlock()
		case <-done:
		}
	}()
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait()
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
	return q.pop(), nil
}

// The seed's second fix: context.AfterFunc.
func (q *Queue) GetAfterFunc(ctx context.Context) (any, error) {
	stop := context.AfterFunc(ctx, func() {
		q.mu.Lock()
		defer q.mu.Unlock()
		q.cond.Broadcast()
	})
	defer stop()
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		q.cond.Wait()
	}
	return q.pop(), nil
}

// A watcher that wakes without the lock: the waiter may check ctx,
// miss the Broadcast and park for good.
func (q *Queue) GetRacy(ctx context.Context) (any, error) {
	stop := context.AfterFunc(ctx, func() {
		q.cond.Broadcast() // want `this cancellation wake-up runs without the Cond's lock: a waiter can check the context, miss the wake-up and park until another wake-up of the Cond \(7 in the package\), not at the cancellation`
	})
	defer stop()
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		q.cond.Wait()
	}
	return q.pop(), nil
}

// The same with a watcher goroutine.
func (q *Queue) GetRacyGo(ctx context.Context) (any, error) {
	go func() {
		<-ctx.Done()
		q.cond.Broadcast() // want `this cancellation wake-up runs without the Cond's lock`
	}()
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		q.cond.Wait()
	}
	return q.pop(), nil
}

// A shutdown flag that Close sets under the lock: the waiters get out.
func (q *Queue) GetOrClosed() (any, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 && !q.closed {
		q.cond.Wait()
	}
	if q.closed {
		return nil, false
	}
	return q.pop(), true
}

func (q *Queue) Close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	q.cond.Broadcast()
}

// Run maps its context onto Close.
func (q *Queue) Run(ctx context.Context) {
	<-ctx.Done()
	q.Close()
}

func Serve(ctx context.Context, q *Queue) (any, bool) { return q.GetOrClosed() }

// An atomic stop flag.
func (q *Queue) GetOrStopped() any {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 && !q.stopped.Load() {
		q.cond.Wait()
	}
	return nil
}

func ServeAtomic(ctx context.Context, q *Queue) any { return q.GetOrStopped() }

// An error that CloseWithError sets.
func (q *Queue) GetOrErr() (any, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 && q.err == nil {
		q.cond.Wait()
	}
	return nil, q.err
}

func (q *Queue) CloseWithError(err error) {
	q.mu.Lock()
	q.err = err
	q.mu.Unlock()
	q.cond.Broadcast()
}

func ServeErr(ctx context.Context, q *Queue) (any, error) { return q.GetOrErr() }

// A deadline: the clock is a way out (a timer Broadcasts).
func (q *Queue) GetBefore(deadline time.Time) any {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 && time.Now().Before(deadline) {
		q.cond.Wait()
	}
	return nil
}

func ServeDeadline(ctx context.Context, q *Queue) any { return q.GetBefore(time.Now()) }

// No context anywhere on the way.
func Drain(q *Queue) any { return q.Get() }

// A loop that checks the context (without a watcher) is not reported.
func (q *Queue) GetChecked(ctx context.Context) (any, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		q.cond.Wait()
	}
	return q.pop(), nil
}

// Handlers calling the context-aware variants are fine.
func HandlerFixed(ctx context.Context, q *Queue) (any, error) { return q.GetAfterFunc(ctx) }

// Generic queues.
type Typed[T any] struct {
	mu    sync.Mutex
	cond  sync.Cond
	items []T
}

// Get takes a ctx it never reads: cancelled while the queue is empty, it
// waits on until a Put.
func (q *Typed[T]) Get(ctx context.Context) T {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait() // want `Get waits in a sync\.Cond loop that never looks at ctx`
	}
	x := q.items[0]
	q.items = q.items[1:]
	return x
}

func (q *Typed[T]) GetAfterFunc(ctx context.Context) (T, error) {
	stop := context.AfterFunc(ctx, func() {
		q.mu.Lock()
		q.cond.Broadcast()
		q.mu.Unlock()
	})
	defer stop()
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		if err := ctx.Err(); err != nil {
			var zero T
			return zero, err
		}
		q.cond.Wait()
	}
	x := q.items[0]
	q.items = q.items[1:]
	return x, nil
}

// GetErr can return the context's error: the fix is mechanical. It never
// reads ctx: cancelled while the queue is empty, it waits on until a Put.
func (q *Queue) GetErr(ctx context.Context) (any, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait() // want `GetErr waits in a sync\.Cond loop that never looks at ctx`
	}
	return q.pop(), nil
}

// Drain blocks until the queue is empty: a lifecycle call, which a
// caller with a context maps its cancellation onto.
func (q *Queue) Drain() {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) != 0 {
		q.cond.Wait()
	}
}

func Shutdown(ctx context.Context, q *Queue) {
	done := make(chan struct{})
	go func() {
		q.Drain()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
	}
	q.Drain()
}

// Background starts a goroutine that does not capture the context: it
// has none to observe.
func Background(ctx context.Context, q *Queue) {
	go func() { _ = q.Get() }()
}

// Clock is an injected clock, as in k8s.io/utils/clock.
type Clock interface {
	Since(time.Time) time.Duration
}

// WaitFresh waits with a deadline on an injected clock, and a timer
// goroutine Broadcasts when it passes: the apiserver watch cache.
func (q *Queue) WaitFresh(ctx context.Context, clock Clock, start time.Time) error {
	go func() {
		<-time.After(time.Second)
		q.cond.Broadcast()
	}()
	for len(q.items) == 0 {
		if clock.Since(start) >= time.Second {
			return nil
		}
		q.cond.Wait()
	}
	return nil
}

// GetNoted registers an AfterFunc that wakes nobody: no watcher.
// Cancelled while the queue is empty, it waits on until a Put.
func (q *Queue) GetNoted(ctx context.Context, note func()) any {
	stop := context.AfterFunc(ctx, note)
	defer stop()
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait() // want `GetNoted waits in a sync\.Cond loop that never looks at ctx`
	}
	return q.pop()
}

// GetCondition checks the context in the condition literal its loop
// calls: the loop looks at ctx.
func (q *Queue) GetCondition(ctx context.Context) (any, error) {
	ready := func() bool { return len(q.items) > 0 || ctx.Err() != nil }
	q.mu.Lock()
	defer q.mu.Unlock()
	for !ready() {
		q.cond.Wait()
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return q.pop(), nil
}

// GetReady's condition literal does not: cancelled while the queue is
// empty, it waits on until a Put.
func (q *Queue) GetReady(ctx context.Context) any {
	ready := func() bool { return len(q.items) > 0 }
	q.mu.Lock()
	defer q.mu.Unlock()
	for !ready() {
		q.cond.Wait() // want `GetReady waits in a sync\.Cond loop that never looks at ctx`
	}
	return q.pop()
}

// GetNested waits in a literal that calls a condition literal its
// enclosing function made: the loop looks at ctx through it.
func (q *Queue) GetNested(ctx context.Context) (any, error) {
	ready := func() bool { return len(q.items) > 0 || ctx.Err() != nil }
	wait := func() bool {
		q.mu.Lock()
		defer q.mu.Unlock()
		for !ready() {
			q.cond.Wait()
		}
		return ctx.Err() == nil
	}
	if !wait() {
		return nil, ctx.Err()
	}
	return nil, nil
}

// An atomic stop flag read through a helper.
func (q *Queue) stopping() bool { return q.stopped.Load() }

func (q *Queue) GetOrStopping() any {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 && !q.stopping() {
		q.cond.Wait()
	}
	return nil
}

func ServeStopping(ctx context.Context, q *Queue) any { return q.GetOrStopping() }

// A helper that reads only the queue: no way out.
func (q *Queue) empty() bool { return len(q.items) == 0 }

func (q *Queue) GetFull() any {
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.empty() {
		q.cond.Wait()
	}
	return nil
}

// ServeFull's ctx cannot end GetFull's wait: cancelled while the queue
// is empty, it waits on until a Put.
func ServeFull(ctx context.Context, q *Queue) any {
	return q.GetFull() // want `\(\*Queue\)\.GetFull blocks in sync\.Cond\.Wait`
}

// The same in a generic type.
type Table[K comparable] struct {
	mu       sync.Mutex
	cond     *sync.Cond
	resizing atomic.Bool
	m        map[K]int
}

func (t *Table[K]) resizeInProgress() bool { return t.resizing.Load() }

func (t *Table[K]) waitForResize() {
	t.mu.Lock()
	for t.resizeInProgress() {
		t.cond.Wait()
	}
	t.mu.Unlock()
}

func (t *Table[K]) Get(k K) int {
	t.waitForResize()
	return t.m[k]
}

func Lookup(ctx context.Context, t *Table[string]) int { return t.Get("k") }
