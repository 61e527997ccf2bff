package queue

import (
	"context"
	"sync"
)

// Gate's Cond is woken only by the cancellation watcher, which does so
// without the lock: a waiter that misses it parks for good.
type Gate struct {
	mu   sync.Mutex
	cond *sync.Cond
	open bool
}

func NewGate() *Gate {
	g := &Gate{}
	g.cond = sync.NewCond(&g.mu)
	return g
}

func (g *Gate) Await(ctx context.Context) error {
	stop := context.AfterFunc(ctx, func() {
		g.cond.Broadcast() // want `this cancellation wake-up runs without the Cond's lock: a waiter can check the context, miss the wake-up and park until something else wakes it, which may never happen`
	})
	defer stop()
	g.mu.Lock()
	defer g.mu.Unlock()
	for !g.open {
		if err := ctx.Err(); err != nil {
			return err
		}
		g.cond.Wait()
	}
	return nil
}
