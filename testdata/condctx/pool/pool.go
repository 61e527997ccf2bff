// Package pool: a Cond wait for a slot of a bounded pool. The slot comes
// back when its holder is done, as a semaphore's permit does: that the
// wait cannot see a context is latent (it waits on only while every slot
// stays taken), not certain.
package pool

import (
	"context"
	"sync"
)

// Pool lends at most max connections at once.
type Pool struct {
	mu     sync.Mutex
	cond   *sync.Cond
	active int
	max    int
}

func New(max int) *Pool {
	p := &Pool{max: max}
	p.cond = sync.NewCond(&p.mu)
	return p
}

// Get waits for a free slot and takes it.
func (p *Pool) Get(ctx context.Context) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.active >= p.max {
		p.cond.Wait() // want `latent: Get waits in a sync\.Cond loop for a free slot and never looks at ctx, and nothing wakes it when ctx is cancelled: while every slot stays taken`
	}
	p.active++
	return nil
}

// Put gives a slot back.
func (p *Pool) Put() {
	p.mu.Lock()
	p.active--
	p.mu.Unlock()
	p.cond.Signal()
}

// acquire is Get without a context, which Reserve calls with one; the
// slot goes back with Put, which Reserve's callers call. (A function of
// the package that took and gave back a slot on one pool would make the
// wait a gate's acquire, with a way out: condwait/cgate.go.)
func (p *Pool) acquire() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.max <= p.active {
		p.cond.Wait()
	}
	p.active++
}

func Reserve(ctx context.Context, p *Pool) {
	p.acquire() // want `latent: \(\*Pool\)\.acquire blocks in sync\.Cond\.Wait \(pool\.go:\d+\) until a slot is free and cannot observe ctx: while every slot stays taken`
}

// Counter is the near miss: Take waits for the count to leave zero, an
// item that a producer may never bring, and WaitFor for progress it does
// not count itself into. Both are certain.
type Counter struct {
	mu   sync.Mutex
	cond *sync.Cond
	n    int
	done int
}

// Take never reads ctx: cancelled while the count is zero, it waits on
// until an Add.
func (c *Counter) Take(ctx context.Context) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for c.n <= 0 {
		c.cond.Wait() // want `certain: Take waits in a sync\.Cond loop that never looks at ctx`
	}
	c.n--
}

// WaitFor never reads ctx: cancelled before done reaches target, it
// waits on until enough Adds.
func (c *Counter) WaitFor(ctx context.Context, target int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for c.done < target {
		c.cond.Wait() // want `certain: WaitFor waits in a sync\.Cond loop that never looks at ctx`
	}
}

func (c *Counter) Add() {
	c.mu.Lock()
	c.n++
	c.done++
	c.mu.Unlock()
	c.cond.Broadcast()
}
