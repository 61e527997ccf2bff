// Package sem: a semaphore.Weighted released twice on a path, beside
// permits given back in parts and permits of the caller's.
package sem

import (
	"context"

	"golang.org/x/sync/semaphore"
)

type Pool struct {
	sem *semaphore.Weighted
}

func work() error { return nil }

// Twice releases its one permit twice on the path where Acquire
// succeeds: the second Release panics.
func (p *Pool) Twice(ctx context.Context) error {
	if err := p.sem.Acquire(ctx, 1); err != nil {
		return err
	}
	p.sem.Release(1)
	p.sem.Release(1) // want `^certain: p\.sem\.Release\(\) releases p\.sem a second time on this path: this function acquired it at sem\.go:20 and released it already at sem\.go:23, with no Acquire since; the semaphore panics with "semaphore: released more than held", or, while others hold permits, gives back one of theirs and the limit no longer holds; remove this Release, or return after the first one$`
	return nil
}

// ErrorBranch: the failed work gives the permit back and goes on.
func (p *Pool) ErrorBranch(ctx context.Context) error {
	if err := p.sem.Acquire(ctx, 1); err != nil {
		return err
	}
	err := work()
	if err != nil {
		p.sem.Release(1)
	}
	p.sem.Release(1) // want `released it already at sem\.go:35`
	return err
}

// InParts: two permits given back one at a time.
func (p *Pool) InParts(ctx context.Context) error {
	if err := p.sem.Acquire(ctx, 2); err != nil {
		return err
	}
	p.sem.Release(1)
	err := work()
	p.sem.Release(1)
	return err
}

// Failed: the permit is given back only when it was acquired.
func (p *Pool) Failed(ctx context.Context) error {
	if err := p.sem.Acquire(ctx, 1); err != nil {
		return err
	}
	defer p.sem.Release(1)
	return work()
}

// TryTwice: TryAcquire holds on its true branch, and the second Release
// gives back a permit this path no longer holds.
func (p *Pool) TryTwice() {
	if !p.sem.TryAcquire(1) {
		return
	}
	p.sem.Release(1)
	p.sem.Release(1) // want `p\.sem\.Release\(\) releases p\.sem a second time on this path: this function acquired it at sem\.go:\d+ and released it already at sem\.go:\d+, with no Acquire since`
}

// Background: an Acquire that cannot fail needs no check. The second
// Release gives back a permit this path no longer holds.
func (p *Pool) Background() {
	_ = p.sem.Acquire(context.Background(), 1)
	p.sem.Release(1)
	p.sem.Release(1) // want `p\.sem\.Release\(\) releases p\.sem a second time`
}

// Unchecked: the Acquire may have failed (acquireerr reports that).
func (p *Pool) Unchecked(ctx context.Context) {
	_ = p.sem.Acquire(ctx, 1)
	p.sem.Release(1)
	p.sem.Release(1)
}

// Counts that are not constants are not followed.
func (p *Pool) NotConstant(ctx context.Context, n int64) {
	_ = p.sem.Acquire(context.Background(), n)
	p.sem.Release(n)
	p.sem.Release(n)
}

// Worker gives back the permit its caller took for it, at return, and
// takes one more of its own for a while.
func (p *Pool) Worker(ctx context.Context) error {
	defer p.sem.Release(1)
	if err := p.sem.Acquire(ctx, 1); err != nil {
		return err
	}
	err := work()
	p.sem.Release(1)
	return err
}
