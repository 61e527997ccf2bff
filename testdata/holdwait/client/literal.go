package client

import "sync"

// A consumer its constructor starts as a function literal: the literal
// captures f, so its f.done and f.mu are loads through the captured
// variable, and still the same two fields of one object as Stop's.
type Fanout struct {
	mu      sync.Mutex
	updates chan int
	done    chan struct{}
	n       int
}

func NewFanout() *Fanout {
	f := &Fanout{updates: make(chan int, 1), done: make(chan struct{})}
	go func() {
		defer close(f.done)
		for u := range f.updates {
			f.merge(u)
		}
	}()
	return f
}

func (f *Fanout) merge(u int) {
	f.mu.Lock()
	f.n += u
	f.mu.Unlock()
}

func (f *Fanout) Offer(u int) {
	select {
	case f.updates <- u:
	default:
	}
}

// Stop waits for the consumer holding f.mu; a consumer that took an
// update before the close wants f.mu to merge it, and never closes
// f.done.
func (f *Fanout) Stop() {
	f.mu.Lock()
	defer f.mu.Unlock()
	close(f.updates)
	<-f.done // want `latent: <-f\.done waits for func literal in NewFanout holding f\.mu, and func literal in NewFanout locks f\.mu on some paths before it closes f\.done`
}

// ReleasingFanout's Stop lets go of the lock before it waits.
type ReleasingFanout struct {
	mu      sync.Mutex
	stopped bool
	updates chan int
	done    chan struct{}
	n       int
}

func NewReleasingFanout() *ReleasingFanout {
	f := &ReleasingFanout{updates: make(chan int, 1), done: make(chan struct{})}
	go func() {
		defer close(f.done)
		for u := range f.updates {
			f.mu.Lock()
			f.n += u
			f.mu.Unlock()
		}
	}()
	return f
}

func (f *ReleasingFanout) Stop() {
	f.mu.Lock()
	f.stopped = true
	f.mu.Unlock()
	close(f.updates)
	<-f.done
}

// A child's consumer locks its parent's mu, not its own: the child's
// Stop, holding its own mu, waits for a goroutine that never needs it.
type ChildFanout struct {
	mu      sync.Mutex
	parent  *ChildFanout
	updates chan int
	done    chan struct{}
	n       int
}

func (p *ChildFanout) NewChild() *ChildFanout {
	f := &ChildFanout{parent: p, updates: make(chan int, 1), done: make(chan struct{})}
	go func() {
		defer close(f.done)
		for u := range f.updates {
			f.parent.mu.Lock()
			f.parent.n += u
			f.parent.mu.Unlock()
		}
	}()
	return f
}

func (f *ChildFanout) Stop() {
	f.mu.Lock()
	defer f.mu.Unlock()
	close(f.updates)
	<-f.done
}
