package generic

import "sync"

// Jobs keeps the funcs it is given and runs them later, on a worker of
// its own: what they do is not under the lock held where they were
// given. Its methods are generic, so the calls are of instances.
type Jobs[T any] struct {
	fns []func()
}

func (j *Jobs[T]) Later(f func()) { j.fns = append(j.fns, f) }

func (j *Jobs[T]) Run() {
	for _, f := range j.fns {
		f()
	}
}

// Counter is safe for concurrent use.
type Counter struct {
	mu sync.Mutex
	n  int
}

func (c *Counter) Add() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
}

// Schedule holds c.mu where it hands the increment to Later, not where
// the increment runs.
func (c *Counter) Schedule(j *Jobs[int]) {
	c.mu.Lock()
	defer c.mu.Unlock()
	j.Later(func() {
		c.n++ // want `latent: a func literal in Schedule writes c\.n without holding c\.mu`
	})
}

// Each runs its func in place, under the caller's lock.
func Each[T any](xs []T, f func(T)) {
	for _, x := range xs {
		f(x)
	}
}

func (c *Counter) AddAll(xs []int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	Each(xs, func(x int) { c.n += x })
}
