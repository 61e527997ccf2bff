// Package waits: Cond waits decided by an if, beside loops that re-check.
package waits

import "sync"

type Queue struct {
	mu    sync.Mutex
	cond  *sync.Cond
	items []int
	ready bool
	gen   int
}

func New() *Queue {
	q := &Queue{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

// Pop: the bug. Another waiter may take the item first.
func (q *Queue) Pop() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.items) == 0 {
		q.cond.Wait() // want `q.cond.Wait\(\) runs once, under an if: .* for len\(q.items\) == 0 \{ q.cond.Wait\(\) \}`
	}
	x := q.items[0]
	q.items = q.items[1:]
	return x
}

// TakeElse: the Wait sits in the else branch; no mechanical fix.
func (q *Queue) TakeElse() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.items) > 0 {
		q.gen++
	} else {
		q.cond.Wait() // want `for !\(len\(q.items\) > 0\) \{ q.cond.Wait\(\) \}`
	}
	return q.items[0]
}

// WaitReady: an early return guards the Wait; it waits for one signal.
func (q *Queue) WaitReady() {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.ready {
		return
	} else {
		q.cond.Wait()
	}
}

// Init statement: the test cannot simply become a loop condition.
func (q *Queue) PopFirst() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	if n := len(q.items); n == 0 {
		q.cond.Wait() // want `runs once, under an if`
	}
	return q.items[0]
}

// A closure and a local Cond; nothing after the Wait relies on done: it
// waits for one signal.
func Local() func() {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	done := false
	return func() {
		mu.Lock()
		if !done {
			c.Wait()
		}
		mu.Unlock()
	}
}

// A closure and a local Cond, relying on what it tested.
func LocalItems() func() int {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	var items []int
	return func() int {
		mu.Lock()
		defer mu.Unlock()
		if len(items) == 0 {
			c.Wait() // want `c.Wait\(\) runs once, under an if`
		}
		return items[0]
	}
}

type Box[T any] struct {
	mu   sync.Mutex
	cond sync.Cond
	val  *T
}

// Generic code.
func (b *Box[T]) Get() T {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.val == nil {
		b.cond.Wait() // want `b.cond.Wait\(\) runs once, under an if`
	}
	return *b.val
}

// The fix: a loop that re-checks.
func (q *Queue) PopLoop() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait()
	}
	x := q.items[0]
	q.items = q.items[1:]
	return x
}

// A loop with the test inside.
func (q *Queue) PopBreak() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	for {
		if len(q.items) > 0 {
			break
		}
		q.cond.Wait()
	}
	return q.items[0]
}

// An outer loop re-runs the test after the Wait.
func (q *Queue) Drain(handle func(int)) {
	for {
		q.mu.Lock()
		if len(q.items) == 0 {
			q.cond.Wait()
			q.mu.Unlock()
			continue
		}
		x := q.items[0]
		q.items = q.items[1:]
		q.mu.Unlock()
		handle(x)
	}
}

// Waiting for the next signal, whatever it says: no test before it.
func (q *Queue) NextChange() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.cond.Wait()
	return q.gen
}

// A loop under an if: the loop re-checks.
func (q *Queue) MaybeWait(block bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if block {
		for !q.ready {
			q.cond.Wait()
		}
	}
}

// A generation counter: wait until it moves, re-checked.
func (q *Queue) WaitGen(seen int) int {
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.gen == seen {
		q.cond.Wait()
	}
	return q.gen
}

// Suppressed, with a reason.
func (q *Queue) Once() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.items) == 0 {
		//gatevet:ignore condloop the only Broadcast is the one that adds the only item, and one goroutine pops
		q.cond.Wait()
	}
	return q.items[0]
}

// The Wait's own re-check: if the condition still does not hold, return
// nothing, as io.Reader allows; nothing goes on as if it held.
func (q *Queue) Read() (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.items) == 0 {
		q.cond.Wait()
	}
	if len(q.items) == 0 {
		return 0, false
	}
	x := q.items[0]
	q.items = q.items[1:]
	return x, true
}

// Nothing after the Wait uses what the test read: it waits for one
// signal and reads another field.
func (q *Queue) Generation() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	if !q.ready {
		q.cond.Wait()
	}
	return q.gen
}

// A compound test decides the Wait.
func (q *Queue) PopEither(block bool) int {
	q.mu.Lock()
	defer q.mu.Unlock()
	if block && (len(q.items) == 0 || !q.ready) {
		q.cond.Wait() // want `for block && \(len\(q.items\) == 0 \|\| !q.ready\) \{ q.cond.Wait\(\) \}`
	}
	return q.items[0]
}

// An early return guards the Wait but does not decide it: the Wait waits
// for the next signal, whatever it says.
func (q *Queue) NextUnlessReady() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.ready {
		return q.gen
	}
	q.cond.Wait()
	return q.gen
}

// nats-server's writeLoop: a compound test inside a loop that runs it
// again after the Wait.
func (q *Queue) WriteLoop(flush func()) {
	waitOk := true
	for {
		q.mu.Lock()
		if closed := q.ready; !closed {
			more := q.gen > 0 && len(q.items) < 10
			if waitOk && (len(q.items) == 0 || more) {
				q.cond.Wait()
			}
		}
		q.mu.Unlock()
		flush()
		waitOk = len(q.items) > 0
	}
}

// A switch case decides the Wait: no if statement to quote.
func (q *Queue) PopCase() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	switch {
	case len(q.items) == 0:
		q.cond.Wait() // want `q.cond.Wait\(\) runs once, under an if: .* for !condition \{ q.cond.Wait\(\) \}`
	}
	return q.items[0]
}

// A parameter decides it: nothing after relies on a tested state.
func (q *Queue) WaitIf(block bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	switch {
	case block:
		q.cond.Wait()
	}
}

// A release barrier: Close installs a Cond, Open broadcasts it once and
// removes it. The if tests that the barrier exists (a nil guard), not a
// state the waiter must see again: for g.wait != nil { g.wait.Wait() }
// would hang a waiter that a later Close puts up again, so nothing is
// reported and no loop is suggested.
type Barrier struct {
	mu   sync.Mutex
	wait *sync.Cond
	gen  int
}

func (g *Barrier) Pass() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.wait != nil {
		g.wait.Wait()
	}
	return g.gen
}

func (g *Barrier) Close() {
	g.mu.Lock()
	g.wait = sync.NewCond(&g.mu)
	g.mu.Unlock()
}

func (g *Barrier) Open() {
	g.mu.Lock()
	w := g.wait
	g.wait = nil
	g.gen++
	g.mu.Unlock()
	if w != nil {
		w.Broadcast()
	}
}

// Turnstile is Barrier with the protection removed: its if tests the
// ticket the waiter then uses, not that the Cond exists. An Open that
// wakes the waiter, then a Close that takes the ticket back before the
// waiter gets the lock, leaves it following a nil ticket: the test must
// be seen again after each Wait.
type Turnstile struct {
	mu     sync.Mutex
	cond   *sync.Cond
	ticket *ticket
}

type ticket struct{ gen int }

func NewTurnstile() *Turnstile {
	t := &Turnstile{}
	t.cond = sync.NewCond(&t.mu)
	return t
}

func (t *Turnstile) Pass() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.ticket == nil {
		t.cond.Wait() // want `t.cond.Wait\(\) runs once, under an if`
	}
	return t.ticket.gen
}

func (t *Turnstile) Close() {
	t.mu.Lock()
	t.ticket = nil
	t.mu.Unlock()
}

func (t *Turnstile) Open(gen int) {
	t.mu.Lock()
	t.ticket = &ticket{gen: gen}
	t.mu.Unlock()
	t.cond.Broadcast()
}
