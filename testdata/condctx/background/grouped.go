package background

import (
	"context"
	"sync"
)

// Grouped keeps its state in unnamed structs, as pebble's DB keeps
// mu.compact.cond: the Cond its flush goroutine wakes is the one its
// writer waits on, whatever the path to it.
type Grouped struct {
	mu struct {
		sync.Mutex
		flush struct {
			cond    sync.Cond
			pending int
			running bool
		}
	}
}

func NewGrouped() *Grouped {
	g := &Grouped{}
	g.mu.flush.cond.L = &g.mu.Mutex
	return g
}

func (g *Grouped) flushAll() {
	g.mu.Lock()
	g.mu.flush.pending = 0
	g.mu.flush.running = false
	g.mu.flush.cond.Broadcast()
	g.mu.Unlock()
}

// makeRoom waits for the flush it started.
func (g *Grouped) makeRoom() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for g.mu.flush.pending > 0 {
		if !g.mu.flush.running {
			g.mu.flush.running = true
			go g.flushAll()
		}
		g.mu.flush.cond.Wait()
	}
}

func WriteGrouped(ctx context.Context, g *Grouped) {
	g.makeRoom()
}
