package client

import "sync"

// The wait may be in a helper: Close holds r.mu and calls awaitLoop,
// which receives from r.done on every path.
type Awaiter struct {
	mu      sync.Mutex
	closed  bool
	started bool
	done    chan struct{}
	n       int
}

func NewAwaiter() *Awaiter {
	r := &Awaiter{done: make(chan struct{})}
	go r.run()
	return r
}

func (r *Awaiter) run() {
	defer close(r.done)
	for {
		r.mu.Lock()
		if r.closed {
			r.mu.Unlock()
			return
		}
		r.n++
		r.mu.Unlock()
	}
}

func (r *Awaiter) awaitLoop() { <-r.done }

// Close waits in awaitLoop for r.done holding r.mu; run locks r.mu
// before it can return and close r.done, so Close waits forever.
func (r *Awaiter) Close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.closed = true
	r.awaitLoop() // want `the call of \(\*Awaiter\)\.awaitLoop \(<-r\.done\) waits for \(\*Awaiter\)\.run holding r\.mu, but \(\*Awaiter\)\.run locks r\.mu before it closes r\.done: a certain deadlock`
}

// awaitUnlocked lets go of its caller's lock while it waits.
func (r *Awaiter) awaitUnlocked() {
	r.mu.Unlock()
	<-r.done
	r.mu.Lock()
}

func (r *Awaiter) Shutdown() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.closed = true
	r.awaitUnlocked()
}
