package xpkg

import (
	"context"
	"sync"

	"example.com/condctx/lib"
)

// Dispatcher hands its items to every consumer until Done breaks its
// fuse (livekit's IncrementalDispatcher, whose fuse is of another
// module): ForEach's wait ends when the fuse breaks, as it would for a
// closed flag of its own. Feed's wait ends only when items come.
type Dispatcher struct {
	mu      sync.Mutex
	cond    *sync.Cond
	done    lib.Fuse
	backlog lib.Backlog
	stamped lib.Stamped
	items   []string
	verbose bool
}

// SetVerbose makes waits say what they wait for.
func (d *Dispatcher) SetVerbose(v bool) {
	d.mu.Lock()
	d.verbose = v
	d.mu.Unlock()
}

func NewDispatcher() *Dispatcher {
	d := &Dispatcher{}
	d.cond = sync.NewCond(&d.mu)
	return d
}

func (d *Dispatcher) Add(item string) {
	d.mu.Lock()
	d.items = append(d.items, item)
	d.backlog.Add(-1)
	d.cond.Broadcast()
	d.mu.Unlock()
}

func (d *Dispatcher) Done() {
	d.mu.Lock()
	d.done.Break()
	d.cond.Broadcast()
	d.mu.Unlock()
}

func (d *Dispatcher) ForEach(fn func(string)) {
	idx := 0
	d.mu.Lock()
	defer d.mu.Unlock()
	for !d.done.IsBroken() {
		for ; idx < len(d.items); idx++ {
			fn(d.items[idx])
		}
		d.cond.Wait()
	}
}

func (d *Dispatcher) Feed(fn func(string)) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for d.backlog.Empty() {
		d.cond.Wait()
	}
	fn(d.items[len(d.items)-1])
}

// Launch dispatches to every namespace; its ctx cannot end ForEach,
// but Done will.
func Launch(ctx context.Context, d *Dispatcher) {
	d.ForEach(func(ns string) { _ = ctx })
}

// Serve waits for the backlog, which no fuse ends.
func Serve(ctx context.Context, d *Dispatcher) {
	d.Feed(func(string) {}) // want `\(\*Dispatcher\)\.Feed blocks in sync\.Cond\.Wait \(dispatch\.go:\d+\) and cannot observe ctx`
}

// Next waits for a stamped item: the clock Empty reads keeps a metric
// and lets no waiter out.
func (d *Dispatcher) Next(ctx context.Context) {
	d.mu.Lock()
	defer d.mu.Unlock()
	for d.stamped.Empty() {
		d.cond.Wait() // want `certain: Next waits in a sync\.Cond loop that never looks at ctx`
	}
}

// idle says whether nothing is to come, and, when verbose, that it was
// asked: the flag decides nothing of the answer.
func (d *Dispatcher) idle() bool {
	if d.verbose {
		println("idle?")
	}
	if len(d.items) == 0 {
		return true
	}
	return false
}

// Take waits for an item; the verbose flag lets it out no sooner.
func (d *Dispatcher) Take(ctx context.Context) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	for d.idle() {
		d.cond.Wait() // want `certain: Take waits in a sync\.Cond loop that never looks at ctx`
	}
	return d.items[0]
}
