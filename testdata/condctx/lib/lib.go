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

// backlog queues work up to a limit the build chooses (maxBacklog: 0
// here, no backlog kept): Reserve waits for room only when the limit is
// not zero, a branch that never runs on this build.
type backlog struct {
	mu    sync.Mutex
	cond  *sync.Cond
	max   int
	items []int
}

const maxBacklog = 0

func newBacklog(max int) *backlog {
	b := &backlog{max: max}
	b.cond = sync.NewCond(&b.mu)
	return b
}

var (
	fixed   = newBacklog(maxBacklog)
	settled = newBacklog(0)
)

// Reserve appends x, waiting for room past the limit.
func Reserve(x int) {
	fixed.mu.Lock()
	defer fixed.mu.Unlock()
	for fixed.max != 0 && len(fixed.items) >= fixed.max {
		fixed.cond.Wait()
	}
	fixed.items = append(fixed.items, x)
}

// bounded is backlog's twin with a limit its users set.
type bounded struct {
	mu    sync.Mutex
	cond  *sync.Cond
	max   int
	items []int
}

var queue = newBounded()

func newBounded() *bounded {
	b := &bounded{}
	b.cond = sync.NewCond(&b.mu)
	return b
}

// Limit sets ReserveBounded's limit.
func Limit(n int) {
	queue.mu.Lock()
	queue.max = n
	queue.mu.Unlock()
}

// ReserveBounded appends x, waiting for room past the limit Limit set;
// nothing ever makes room.
func ReserveBounded(x int) {
	queue.mu.Lock()
	defer queue.mu.Unlock()
	for queue.max != 0 && len(queue.items) >= queue.max {
		queue.cond.Wait()
	}
	queue.items = append(queue.items, x)
}
