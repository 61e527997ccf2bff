// Package nested holds Wait loops nested in outer loops: only the loop
// that surrounds the Wait can let it out.
package nested

import (
	"context"
	"sync"
)

type Pool struct {
	mu    sync.Mutex
	cond  *sync.Cond
	items []int
}

// Drain checks ctx once per item, in the outer loop, but the inner Wait
// loop never looks at it: a cancelled caller stays blocked in Wait.
func (p *Pool) Drain(ctx context.Context, n int) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	got := 0
	for got < n {
		if ctx.Err() != nil {
			return got
		}
		for len(p.items) == 0 {
			p.cond.Wait() // want `Drain waits in a sync\.Cond loop that never looks at ctx`
		}
		p.items = p.items[1:]
		got++
	}
	return got
}

// DrainChecked looks at ctx in the Wait loop itself, which a watcher
// that broadcasts on cancellation lets out.
func (p *Pool) DrainChecked(ctx context.Context, n int) int {
	stop := context.AfterFunc(ctx, func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.cond.Broadcast()
	})
	defer stop()
	p.mu.Lock()
	defer p.mu.Unlock()
	got := 0
	for got < n {
		for len(p.items) == 0 {
			if ctx.Err() != nil {
				return got
			}
			p.cond.Wait()
		}
		p.items = p.items[1:]
		got++
	}
	return got
}
