package queue

import (
	"context"
	"sync"
)

// Polls is a gate built on a Cond: a poll waits while a rebalance
// holds it, then counts itself in; a rebalance does the same the other
// way. Every rebalance leaves (unaddRebalance) where it entered, so a
// poll waits for work already under way, as for a lock: no report.
type Polls struct {
	mu    sync.Mutex
	cond  *sync.Cond
	state uint64 // low 32 bits: polls; high 32: rebalances
}

func (p *Polls) waitAndAddPoller() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.state>>32 != 0 {
		p.cond.Wait()
	}
	p.state++
}

func (p *Polls) unaddPoller() {
	p.mu.Lock()
	p.state &^= 1<<32 - 1
	p.mu.Unlock()
	p.cond.Broadcast()
}

func (p *Polls) waitAndAddRebalance() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.state += 1 << 32
	for p.state&(1<<32-1) != 0 {
		p.cond.Wait()
	}
}

func (p *Polls) unaddRebalance() {
	p.mu.Lock()
	p.state -= 1 << 32
	p.mu.Unlock()
	p.cond.Broadcast()
}

func (p *Polls) Poll(ctx context.Context) int {
	p.waitAndAddPoller()
	defer p.unaddPoller()
	return 1
}

func (p *Polls) Rebalance(ctx context.Context) {
	p.waitAndAddRebalance()
	defer p.unaddRebalance()
}

// Jobs is a counting queue: Take waits for a Put, which a producer
// makes when it likes, and counts one out. Pipe takes from one queue
// and puts into another: the two calls do not pair on one queue.
type Jobs struct {
	mu   sync.Mutex
	cond *sync.Cond
	n    int
}

func (j *Jobs) take() {
	j.mu.Lock()
	defer j.mu.Unlock()
	for j.n == 0 {
		j.cond.Wait()
	}
	j.n--
}

func (j *Jobs) Put() {
	j.mu.Lock()
	j.n++
	j.mu.Unlock()
	j.cond.Signal()
}

// Pipe's ctx cannot end take's wait: cancelled while in is empty, it
// waits on until a producer Puts.
func Pipe(ctx context.Context, in, out *Jobs) {
	in.take() // want `\(\*Jobs\)\.take blocks in sync\.Cond\.Wait`
	out.Put()
}
