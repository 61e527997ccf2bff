// Package condlock: a Cond's L is the lock the Cond was made on. A
// queue that locks through q.cond.L and then calls a helper that locks
// q.mu locks q.mu twice; an engine whose Cond was made on its config
// lock's RLocker read-locks that lock through the Cond and again in a
// helper, while a reload can queue to write-lock it between the two.
package condlock

import "sync"

type Queue struct {
	mu    sync.Mutex
	cond  *sync.Cond
	items []int
}

func NewQueue() *Queue {
	q := &Queue{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

func (q *Queue) clear() {
	q.mu.Lock()
	q.items = nil
	q.mu.Unlock()
}

// Drain waits through the Cond's lock, then clears with q.mu still held:
// clear's Lock blocks for ever.
func (q *Queue) Drain() {
	q.cond.L.Lock()
	defer q.cond.L.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait()
	}
	q.clear() // want `call to \(\*Queue\)\.clear acquires q\.mu`
}

// Take lets go of the Cond's lock before it clears.
func (q *Queue) Take() int {
	q.cond.L.Lock()
	for len(q.items) == 0 {
		q.cond.Wait()
	}
	n := q.items[0]
	q.cond.L.Unlock()
	q.clear()
	return n
}

func (q *Queue) Put(n int) {
	q.mu.Lock()
	q.items = append(q.items, n)
	q.mu.Unlock()
	q.cond.Signal()
}

type Engine struct {
	cfgMu sync.RWMutex
	cond  *sync.Cond
	v     int
}

func NewEngine() *Engine {
	e := &Engine{}
	e.cond = sync.NewCond(e.cfgMu.RLocker())
	return e
}

func (e *Engine) version() int {
	e.cfgMu.RLock()
	defer e.cfgMu.RUnlock()
	return e.v
}

// Exec read-locks cfgMu through the Cond, then again in version.
func (e *Engine) Exec() int {
	e.cond.L.Lock()
	defer e.cond.L.Unlock()
	return e.version() // want `call to \(\*Engine\)\.version acquires e\.cfgMu .*recursive read locking`
}

func (e *Engine) Reload() {
	e.cfgMu.Lock()
	e.v++
	e.cfgMu.Unlock()
	e.cond.Broadcast()
}

// Mixed's Cond is made on either of two locks: its L is neither for
// sure, and locking through it meets nothing.
type Mixed struct {
	a, b  sync.Mutex
	cond  *sync.Cond
	items []int
}

func NewMixed(useB bool) *Mixed {
	m := &Mixed{}
	if useB {
		m.cond = sync.NewCond(&m.b)
	} else {
		m.cond = sync.NewCond(&m.a)
	}
	return m
}

func (m *Mixed) clearA() {
	m.a.Lock()
	m.items = nil
	m.a.Unlock()
}

func (m *Mixed) Drain() {
	m.cond.L.Lock()
	defer m.cond.L.Unlock()
	m.clearA()
}

// Copied queues share their original's Cond, made on the original's
// lock (*q2 = *q): the copy's cond.L is not the copy's mu, and locking
// the copy's mu under it is no nested acquire.
type Copied struct {
	mu    sync.Mutex
	cond  *sync.Cond
	items []int
}

func NewCopied() *Copied {
	q := &Copied{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

func (q *Copied) Copy() *Copied {
	q2 := new(Copied)
	*q2 = *q
	q2.items = nil
	return q2
}

func UseCopy(q2 *Copied) {
	q2.cond.L.Lock()
	q2.mu.Lock()
	q2.mu.Unlock()
	q2.cond.L.Unlock()
}
