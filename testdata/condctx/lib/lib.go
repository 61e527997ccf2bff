// Package lib has a queue whose Get cannot see a context.
package lib

import "sync"

type Queue struct {
	mu    sync.Mutex
	cond  *sync.Cond
	items []int
}

func New() *Queue {
	q := &Queue{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

func (q *Queue) Get() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait()
	}
	x := q.items[0]
	q.items = q.items[1:]
	return x
}

// Group is a sync.WaitGroup built on a Cond: Add counts work in and,
// by a negative delta (Done), out, waking the waiters at zero. Its Wait
// is a join: it ends when the work counted in ends, and the work, not
// the waiter, watches a context.
type Group struct {
	mu    sync.Mutex
	cond  *sync.Cond
	count int
}

func (g *Group) init() {
	if g.cond == nil {
		g.cond = sync.NewCond(&g.mu)
	}
}

func (g *Group) Add(delta int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.init()
	c := g.count + delta
	if c < 0 {
		panic("lib: negative Group counter")
	}
	g.count = c
	if c == 0 {
		g.cond.Broadcast()
	}
}

func (g *Group) Done() { g.Add(-1) }

func (g *Group) Wait() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.init()
	for g.count > 0 {
		g.cond.Wait()
	}
}

// Tally's Add only counts in: what it counts is taken out by Take, a
// consumer that may never come, so its Wait is not a join.
type Tally struct {
	mu    sync.Mutex
	cond  *sync.Cond
	count int
}

func NewTally() *Tally {
	t := &Tally{}
	t.cond = sync.NewCond(&t.mu)
	return t
}

func (t *Tally) Add(delta int) {
	t.mu.Lock()
	t.count += delta
	t.mu.Unlock()
}

func (t *Tally) Take() {
	t.mu.Lock()
	t.count--
	if t.count == 0 {
		t.cond.Broadcast()
	}
	t.mu.Unlock()
}

func (t *Tally) Wait() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for t.count > 0 {
		t.cond.Wait()
	}
}
