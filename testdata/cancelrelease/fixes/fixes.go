// Package fixes: correct shapes near the bug. All silent.
package fixes

import (
	"context"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sync/semaphore"
)

var (
	sem   = semaphore.NewWeighted(2)
	mu    sync.Mutex
	state int
)

func work() int {
	state++
	return state
}

func workCtx(ctx context.Context) int {
	if ctx.Err() != nil {
		return 0
	}
	return work()
}

// No cancellation case: a plain receive waits for the work.
func Plain(ctx context.Context) (int, error) {
	if err := sem.Acquire(ctx, 1); err != nil {
		return 0, err
	}
	defer sem.Release(1)
	done := make(chan int, 1)
	go func() { done <- work() }()
	return <-done, nil
}

// The goroutine was started before the permit was acquired.
func StartedBefore(ctx context.Context) (int, error) {
	done := make(chan int, 1)
	go func() { done <- work() }()
	if err := sem.Acquire(ctx, 1); err != nil {
		return 0, err
	}
	defer sem.Release(1)
	select {
	case v := <-done:
		return v, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// The work observes the same context and stops with it.
func Observes(ctx context.Context) (int, error) {
	if err := sem.Acquire(ctx, 1); err != nil {
		return 0, err
	}
	defer sem.Release(1)
	done := make(chan int, 1)
	go func() { done <- workCtx(ctx) }()
	select {
	case v := <-done:
		return v, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// A context derived from the caller's.
func Derived(ctx context.Context) (int, error) {
	if err := sem.Acquire(ctx, 1); err != nil {
		return 0, err
	}
	defer sem.Release(1)
	wctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	done := make(chan int, 1)
	go func() { done <- workCtx(wctx) }()
	select {
	case v := <-done:
		return v, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// The cancellation branch waits on the WaitGroup before returning.
func WaitsGroup(ctx context.Context) error {
	mu.Lock()
	defer mu.Unlock()
	var wg sync.WaitGroup
	wg.Add(1)
	finished := make(chan struct{})
	go func() {
		defer wg.Done()
		work()
		close(finished)
	}()
	select {
	case <-finished:
		return nil
	case <-ctx.Done():
		wg.Wait()
		return ctx.Err()
	}
}

// The cancellation branch waits on the errgroup.
func WaitsErrgroup(ctx context.Context) error {
	if err := sem.Acquire(ctx, 1); err != nil {
		return err
	}
	defer sem.Release(1)
	var g errgroup.Group
	finished := make(chan struct{})
	g.Go(func() error { work(); close(finished); return nil })
	select {
	case <-finished:
		return nil
	case <-ctx.Done():
		_ = g.Wait()
		return ctx.Err()
	}
}

// A timeout that still waits for the work before releasing.
func TimeoutWaits() (int, error) {
	_ = sem.Acquire(context.Background(), 1)
	defer sem.Release(1)
	done := make(chan int, 1)
	go func() { done <- work() }()
	select {
	case v := <-done:
		return v, nil
	case <-time.After(time.Second):
		v := <-done
		return v, nil
	}
}

// The gate is released before the goroutine starts.
func ReleasedBefore(ctx context.Context) (int, error) {
	if err := sem.Acquire(ctx, 1); err != nil {
		return 0, err
	}
	v := work()
	sem.Release(1)
	done := make(chan int, 1)
	go func() { done <- v * 2 }()
	select {
	case r := <-done:
		return r, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// A semaphore local to the call limits its own fan-out: no other caller
// can acquire it.
func Local(ctx context.Context) (int, error) {
	local := semaphore.NewWeighted(1)
	if err := local.Acquire(ctx, 1); err != nil {
		return 0, err
	}
	defer local.Release(1)
	done := make(chan int, 1)
	go func() { done <- work() }()
	select {
	case v := <-done:
		return v, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// errgroup.WithContext: the group's goroutines get the group's context.
func GroupContext(ctx context.Context) error {
	if err := sem.Acquire(ctx, 1); err != nil {
		return err
	}
	defer sem.Release(1)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { workCtx(gctx); return nil })
	done := make(chan error, 1)
	go func() { done <- g.Wait() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// The group's goroutine owns the permit.
func GroupOwns(ctx context.Context) error {
	if err := sem.Acquire(ctx, 1); err != nil {
		return err
	}
	var g errgroup.Group
	g.Go(func() error {
		defer sem.Release(1)
		work()
		return nil
	})
	done := make(chan error, 1)
	go func() { done <- g.Wait() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// A cancellation branch that waits in a select on the result only.
func SelectWaits(ctx context.Context) (int, error) {
	mu.Lock()
	defer mu.Unlock()
	done := make(chan int, 1)
	go func() { done <- work() }()
	select {
	case v := <-done:
		return v, nil
	case <-ctx.Done():
		select {
		case <-done:
		}
		return 0, ctx.Err()
	}
}

// A monitor loop: the timer case takes the lock and starts goroutines;
// no select waits while the lock is held.
func Monitor(stop <-chan struct{}) {
	for {
		select {
		case <-time.After(time.Second):
			mu.Lock()
			go func() { work() }()
			mu.Unlock()
		case <-stop:
			return
		}
	}
}

type Creds struct {
	mu   sync.Mutex
	name string
}

// Handshake holds c.mu while a goroutine reads from a connection; the
// goroutine uses nothing c.mu guards.
func (c *Creds) Handshake(ctx context.Context, read func([]byte) error) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := make([]byte, len(c.name))
	errCh := make(chan error, 1)
	go func() { errCh <- read(b) }()
	select {
	case err := <-errCh:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Rename is the positive twin: the goroutine writes the state c.mu
// guards. When ctx is done first, the deferred Unlock lets the next
// locker in while the goroutine still writes c.name.
func (c *Creds) Rename(ctx context.Context, name string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	done := make(chan struct{})
	go func() {
		c.name = name
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err() // want `c\.mu is released by the deferred release when this returns, on the ctx\.Done\(\) branch`
	}
}
