// Package background: Cond waits for work already under way, which end
// when the work does, and contexts nothing can cancel; beside them the
// near misses that still wait on callers or can be cancelled.
package background

import (
	"context"
	"runtime/pprof"
	"sync"

	"example.com/condctx/lib"
)

// Cleaner deletes files on a worker goroutine; Wait waits for the jobs
// queued so far, as pebble's cleanup manager does.
type Cleaner struct {
	mu        sync.Mutex
	done      sync.Cond
	queued    int
	completed int
	jobs      chan string
}

func NewCleaner() *Cleaner {
	c := &Cleaner{jobs: make(chan string, 100)}
	c.done.L = &c.mu
	go c.loop()
	return c
}

func (c *Cleaner) Enqueue(path string) {
	c.mu.Lock()
	c.queued++
	c.mu.Unlock()
	c.jobs <- path
}

func (c *Cleaner) loop() {
	for range c.jobs {
		c.mu.Lock()
		c.completed++
		c.done.Broadcast()
		c.mu.Unlock()
	}
}

// Wait drains to a snapshot: the jobs queued before it, which the worker
// works through whatever a context says.
func (c *Cleaner) Wait() {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := c.queued
	for c.completed < n {
		c.done.Wait()
	}
}

// WaitFor waits for a count its caller names, which the worker may never
// reach: a near miss of Wait. Cancelling CompactTo's ctx does not end it.
func (c *Cleaner) WaitFor(target int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for c.completed < target {
		c.done.Wait()
	}
}

func Compact(ctx context.Context, c *Cleaner) {
	c.Wait()
}

// CompactTo waits in WaitFor's loop: cancelling ctx wakes nothing, so it
// waits until enough compactions complete, however long.
func CompactTo(ctx context.Context, c *Cleaner, n int) {
	c.WaitFor(n) // want `\(\*Cleaner\)\.WaitFor blocks in sync\.Cond\.Wait \(background\.go:\d+\) and cannot observe ctx`
}

// Store stalls writes while its memtable is full and schedules a flush,
// a goroutine of its own, that wakes it when done.
type Store struct {
	mu       sync.Mutex
	flushed  sync.Cond
	mem      [][]byte // memtables, the mutable one last
	flushing bool
	other    sync.Cond
}

const maxMemtables = 2

func NewStore() *Store {
	s := &Store{}
	s.flushed.L = &s.mu
	s.other.L = &s.mu
	return s
}

func (s *Store) maybeFlush() {
	if !s.flushing {
		s.flushing = true
		go s.flush()
	}
}

// flush runs its work under profiler labels, in a literal pprof.Do calls
// on the flush's goroutine.
func (s *Store) flush() {
	pprof.Do(context.Background(), pprof.Labels("job", "flush"), func(context.Context) {
		s.mu.Lock()
		s.mem = s.mem[1:]
		s.flushing = false
		s.flushed.Broadcast()
		s.mu.Unlock()
	})
}

// makeRoom waits for the flush it scheduled.
func (s *Store) makeRoom() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.mem) >= maxMemtables {
		s.maybeFlush()
		s.flushed.Wait()
	}
}

func Write(ctx context.Context, s *Store) {
	s.makeRoom()
}

// awaitOther starts the same flush but waits on another Cond, which only
// callers wake: a near miss of makeRoom. WriteOther's ctx cannot end it.
func (s *Store) awaitOther() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for len(s.mem) >= maxMemtables {
		s.maybeFlush()
		s.other.Wait()
	}
}

// WriteOther waits in awaitOther's loop on s.other: cancelling ctx wakes
// nothing, so it waits until a caller frees a memtable.
func WriteOther(ctx context.Context, s *Store) {
	s.awaitOther() // want `\(\*Store\)\.awaitOther blocks in sync\.Cond\.Wait`
}

// Table runs steps with a context it sets itself to Background, as tests
// do: nothing cancels it. lib.Queue's Get waits for the next Put, which
// only callers make.
func Table(q *lib.Queue, run func(func())) {
	var ctx context.Context
	run(func() {
		ctx = context.Background()
		use(ctx)
		q.Get()
	})
}

// Cancelled is Table's near miss: its context can be cancelled, by the
// goroutine that calls cancel while Get waits.
func Cancelled(q *lib.Queue, run func(func())) {
	var ctx context.Context
	run(func() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(context.Background())
		go cancel()
		use(ctx)
		q.Get() // want `\(\*lib\.Queue\)\.Get blocks in sync\.Cond\.Wait.* \(1 more call in this package blocks on the same Wait: background\.go:185\)$`
	})
}

// Labelled is a callback whose signature takes a context it does not
// name, as pprof.Do's does: it cannot read it.
func Labelled(q *lib.Queue, do func(func(context.Context))) {
	do(func(context.Context) {
		q.Get()
	})
}

// Named is Labelled's near miss: the callback names its context. It
// blocks on the same Wait as Cancelled: one report, at Cancelled, names
// this call.
func Named(q *lib.Queue, do func(func(context.Context))) {
	do(func(ctx context.Context) {
		q.Get()
	})
}

func use(context.Context) {}
