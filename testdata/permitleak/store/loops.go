package store

import (
	"sync"
	"time"
)

// A loop that takes its lock at the top of each pass and lets go of it
// at the bottom keeps it when it breaks out in between: every exit of
// such a function holds the lock, so only its callers can say whether
// it is an acquire helper.

type Jobs struct {
	mu    sync.Mutex
	queue []func()
	ready bool
}

// drain breaks out of its loop holding j.mu once the queue is empty; no
// caller releases it, so the next call of drain, or of Add, blocks for
// good (the break is the bug).
func (j *Jobs) drain() {
	for {
		j.mu.Lock()
		if len(j.queue) == 0 {
			break
		}
		f := j.queue[0]
		j.queue = j.queue[1:]
		j.mu.Unlock()
		f()
	}
} // want `this return keeps j\.mu \(sync\.Mutex\) held, and no caller of \(\*Jobs\)\.drain releases it \(1 call sites\)`

func (j *Jobs) Run() { j.drain() }

func (j *Jobs) Add(f func()) {
	j.mu.Lock()
	j.queue = append(j.queue, f)
	j.mu.Unlock()
}

// drainFixed lets go of the lock before it leaves the loop.
func (j *Jobs) drainFixed() {
	for {
		j.mu.Lock()
		if len(j.queue) == 0 {
			j.mu.Unlock()
			return
		}
		f := j.queue[0]
		j.queue = j.queue[1:]
		j.mu.Unlock()
		f()
	}
}

func (j *Jobs) RunFixed() { j.drainFixed() }

// lockReady is an acquire helper that retries: it returns holding j.mu
// once the jobs are ready, and every caller releases it.
func (j *Jobs) lockReady() {
	for {
		j.mu.Lock()
		if j.ready {
			return
		}
		j.mu.Unlock()
		time.Sleep(time.Millisecond)
	}
}

func (j *Jobs) First() func() {
	j.lockReady()
	defer j.mu.Unlock()
	if len(j.queue) == 0 {
		return nil
	}
	return j.queue[0]
}

// Flush has drain's bug in an exported method that nothing here calls:
// other packages cannot name j.mu, and nothing in the package releases
// it for a caller, so no caller can give it back.
func (j *Jobs) Flush() {
	for {
		j.mu.Lock()
		if len(j.queue) == 0 {
			break
		}
		j.queue = j.queue[1:]
		j.mu.Unlock()
	}
} // want `this return keeps j\.mu \(sync\.Mutex\) held, and no caller of \(\*Jobs\)\.Flush can give it back`

// Gate's LockReady is an exported acquire helper: its callers give the
// lock back with Unlock.
type Gate struct {
	mu    sync.Mutex
	ready bool
}

func (g *Gate) LockReady() {
	for {
		g.mu.Lock()
		if g.ready {
			return
		}
		g.mu.Unlock()
		time.Sleep(time.Millisecond)
	}
}

func (g *Gate) Unlock() { g.mu.Unlock() }

// Streams' Reserve keeps the slot it takes once it is under the window:
// the acknowledging loop frees it, not the caller.
type Streams struct {
	slots   chan struct{}
	pending int
	acks    chan int
}

func NewStreams() *Streams {
	s := &Streams{slots: make(chan struct{}, 8), acks: make(chan int)}
	go s.ackLoop()
	return s
}

func (s *Streams) Reserve() {
	for {
		s.slots <- struct{}{}
		if s.pending < 4 {
			return
		}
		<-s.slots
		time.Sleep(time.Millisecond)
	}
}

func (s *Streams) ackLoop() {
	for range s.acks {
		<-s.slots
	}
}
