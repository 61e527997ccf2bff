// Package kinds: every gate kind and cancellation source, released on a
// cancellation branch while the goroutine still runs.
package kinds

import (
	"context"
	"errors"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/semaphore"
)

var (
	sem   = semaphore.NewWeighted(2)
	slots = make(chan struct{}, 4)
	mu    sync.Mutex
	rw    sync.RWMutex
	state int
)

func work() int {
	state++
	return state
}

var errTimeout = errors.New("timeout")

// Explicit release on the cancellation branch: when ctx is done before
// the goroutine sends, sem goes back while work still runs, and the next
// acquirer runs beside it.
func Explicit(ctx context.Context) (int, error) {
	if err := sem.Acquire(ctx, 1); err != nil {
		return 0, err
	}
	done := make(chan int, 1)
	go func() { done <- work() }()
	select {
	case v := <-done:
		sem.Release(1)
		return v, nil
	case <-ctx.Done():
		sem.Release(1) // want `sem is released here, on the ctx\.Done\(\) branch, while the goroutine started at kinds\.go:\d+ \(a func literal running work\) may still run`
		return 0, ctx.Err()
	}
}

// A timeout from time.After: when the second passes first, the deferred
// Release gives sem back while the goroutine still runs work.
func After() (int, error) {
	_ = sem.Acquire(context.Background(), 1)
	defer sem.Release(1)
	done := make(chan int, 1)
	go func() { done <- work() }()
	select {
	case v := <-done:
		return v, nil
	case <-time.After(time.Second):
		return 0, errTimeout // want `sem is released by the deferred release when this returns, on the time\.After branch`
	}
}

// A timer's channel: when the timer fires first, the deferred Release
// gives sem back while the goroutine still runs work.
func Timer() (int, error) {
	_ = sem.Acquire(context.Background(), 1)
	defer sem.Release(1)
	t := time.NewTimer(time.Second)
	defer t.Stop()
	done := make(chan int, 1)
	go func() { done <- work() }()
	select {
	case v := <-done:
		return v, nil
	case <-t.C:
		return 0, errTimeout // want `sem is released by the deferred release when this returns, on the timer branch`
	}
}

// A channel semaphore: when ctx is done first, the deferred receive
// frees the slot while the goroutine still runs work.
func Slots(ctx context.Context) (int, error) {
	slots <- struct{}{}
	defer func() { <-slots }()
	done := make(chan int, 1)
	go func() { done <- work() }()
	select {
	case v := <-done:
		return v, nil
	case <-ctx.Done():
		return 0, ctx.Err() // want `slots is released by the deferred release when this returns, on the ctx\.Done\(\) branch`
	}
}

// A mutex: when ctx is done first, the deferred Unlock lets the next
// locker in while the goroutine still works on the state.
func Mutex(ctx context.Context) (int, error) {
	mu.Lock()
	defer mu.Unlock()
	done := make(chan int, 1)
	go func() { done <- work() }()
	select {
	case v := <-done:
		return v, nil
	case <-ctx.Done():
		return 0, ctx.Err() // want `mu is released by the deferred release when this returns, on the ctx\.Done\(\) branch`
	}
}

// A read lock: when ctx is done first, the deferred RUnlock lets a
// writer in while the goroutine still reads state.
func Read(ctx context.Context) (int, error) {
	rw.RLock()
	defer rw.RUnlock()
	done := make(chan int, 1)
	go func() { done <- state }()
	select {
	case v := <-done:
		return v, nil
	case <-ctx.Done():
		return 0, ctx.Err() // want `rw is released by the deferred release when this returns, on the ctx\.Done\(\) branch`
	}
}

// A named function started as the goroutine.
func produce(out chan<- int) { out <- work() }

// Named: when ctx is done first, the deferred Release gives sem back
// while produce still runs work.
func Named(ctx context.Context) (int, error) {
	if err := sem.Acquire(ctx, 1); err != nil {
		return 0, err
	}
	defer sem.Release(1)
	done := make(chan int, 1)
	go produce(done)
	select {
	case v := <-done:
		return v, nil
	case <-ctx.Done():
		return 0, ctx.Err() // want `sem is released by the deferred release when this returns, on the ctx\.Done\(\) branch, while the goroutine started at kinds\.go:\d+ \(produce\)`
	}
}

// errgroup: the group's goroutine outlives the cancellation branch:
// when ctx is done first, the deferred Release gives sem back while it
// still runs work.
func Group(ctx context.Context) error {
	if err := sem.Acquire(ctx, 1); err != nil {
		return err
	}
	defer sem.Release(1)
	var g errgroup.Group
	g.Go(func() error { work(); return nil })
	done := make(chan error, 1)
	go func() { done <- g.Wait() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err() // want `sem is released by the deferred release when this returns, on the ctx\.Done\(\) branch`
	}
}

// Generic: the work is a type-parameterised function. When ctx is done
// first, the deferred Release gives sem back while f still runs.
func Run[T any](ctx context.Context, f func() T) (T, error) {
	var zero T
	if err := sem.Acquire(ctx, 1); err != nil {
		return zero, err
	}
	defer sem.Release(1)
	done := make(chan T, 1)
	go func() { done <- f() }()
	select {
	case v := <-done:
		return v, nil
	case <-ctx.Done():
		return zero, ctx.Err() // want `sem is released by the deferred release when this returns, on the ctx\.Done\(\) branch`
	}
}

// A WaitGroup signals completion; the cancellation branch does not wait:
// when ctx is done first, the deferred Unlock lets the next locker in
// while the goroutine still runs work.
func WaitGroup(ctx context.Context) error {
	mu.Lock()
	defer mu.Unlock()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		work()
	}()
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	select {
	case <-finished:
		return nil
	case <-ctx.Done():
		return ctx.Err() // want `mu is released by the deferred release when this returns, on the ctx\.Done\(\) branch`
	}
}
