// Package pool: Release counts that differ from what was acquired,
// beside balanced ones.
package pool

import (
	"context"
	"errors"

	"golang.org/x/sync/semaphore"
)

const batch = 4

type Pool struct {
	sem *semaphore.Weighted
}

func work() error { return nil }

// Heavy: the bug. Two permits leak on every call.
func (p *Pool) Heavy(ctx context.Context) error {
	if err := p.sem.Acquire(ctx, 3); err != nil {
		return err
	}
	defer p.sem.Release(1) // want `p.sem.Release gives back 1 permit\(s\) but 3 were acquired on this path: 2 permit\(s\) are lost`
	return work()
}

// Batch: a named constant acquired, a literal released: each call
// loses 3 of its 4 permits.
func (p *Pool) Batch(ctx context.Context) error {
	if err := p.sem.Acquire(ctx, batch); err != nil {
		return err
	}
	err := work()
	p.sem.Release(1) // want `gives back 1 permit\(s\) but 4 were acquired`
	return err
}

// Over: more given back than taken: each call gives back a permit it
// never took.
func (p *Pool) Over() {
	if !p.sem.TryAcquire(1) {
		return
	}
	_ = work()
	p.sem.Release(2) // want `gives back 2 permit\(s\) but 1 were acquired on this path: permits never taken are handed out`
}

// The error branch gives back the wrong count: each failed work loses
// 1 of its 2 permits.
func (p *Pool) Branches(ctx context.Context) error {
	if err := p.sem.Acquire(ctx, 2); err != nil {
		return err
	}
	if err := work(); err != nil {
		p.sem.Release(1) // want `gives back 1 permit\(s\) but 2`
		return err
	}
	p.sem.Release(2)
	return nil
}

var shared = semaphore.NewWeighted(10)

// Generic code, a package semaphore: each call gives back 10 permits
// for the 5 it took.
func Each[T any](ctx context.Context, xs []T) error {
	if err := shared.Acquire(ctx, 5); err != nil {
		return err
	}
	defer shared.Release(10) // want `shared.Release gives back 10 permit\(s\) but 5`
	return nil
}

// Balanced.
func (p *Pool) Fine(ctx context.Context) error {
	if err := p.sem.Acquire(ctx, 3); err != nil {
		return err
	}
	defer p.sem.Release(3)
	return work()
}

// Counts that are not constants.
func (p *Pool) Weighted(ctx context.Context, n int64) error {
	if err := p.sem.Acquire(ctx, n); err != nil {
		return err
	}
	defer p.sem.Release(n)
	return work()
}

// Given back in parts on one path.
func (p *Pool) Parts(ctx context.Context) error {
	if err := p.sem.Acquire(ctx, 2); err != nil {
		return err
	}
	_ = work()
	p.sem.Release(1)
	_ = work()
	p.sem.Release(1)
	return nil
}

// Acquired one at a time in a loop, given back at once.
func (p *Pool) Loop(ctx context.Context, n int) error {
	for range n {
		if err := p.sem.Acquire(ctx, 1); err != nil {
			return err
		}
	}
	p.sem.Release(int64(n))
	return nil
}

// Two acquires: the pairing is not known.
func (p *Pool) Twice(ctx context.Context) error {
	if err := p.sem.Acquire(ctx, 1); err != nil {
		return err
	}
	if err := p.sem.Acquire(ctx, 1); err != nil {
		p.sem.Release(1)
		return err
	}
	p.sem.Release(2)
	return nil
}

// Another semaphore released.
func (p *Pool) Other(ctx context.Context, q *Pool) error {
	if err := p.sem.Acquire(ctx, 2); err != nil {
		return err
	}
	q.sem.Release(1)
	p.sem.Release(2)
	return errors.New("x")
}

// Suppressed, with a reason.
func (p *Pool) Shrink(ctx context.Context) error {
	if err := p.sem.Acquire(ctx, 2); err != nil {
		return err
	}
	//gatevet:ignore releasecount the pool shrinks by one slot on purpose
	p.sem.Release(1)
	return nil
}
