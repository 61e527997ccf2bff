package queue

import (
	"context"
	"sync"
	"time"
)

// Pool parks callers until a worker is free. Its purge goroutine stops
// when its context is cancelled, and on each tick Broadcasts, without
// the lock, so that waiters see the workers it retired: a periodic
// wake-up, not a cancellation one, and a missed one comes round again.
type Pool struct {
	mu   sync.Mutex
	cond *sync.Cond
	free int
}

func (p *Pool) purge(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		p.cond.Broadcast()
	}
}

func (p *Pool) Start(ctx context.Context) { go p.purge(ctx) }

// purgeAndWake also wakes the waiters when it stops: that Broadcast is
// a cancellation wake-up, and without the lock a waiter can miss it.
func (p *Pool) purgeAndWake(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			p.cond.Broadcast() // want `this cancellation wake-up runs without the Cond's lock: .*park until another wake-up of the Cond \(1 in the package\), not at the cancellation; take p\.cond\.L \(or the mutex it is\) around the Broadcast`
			return
		case <-t.C:
		}
	}
}

func (p *Pool) StartAndWake(ctx context.Context) { go p.purgeAndWake(ctx) }
