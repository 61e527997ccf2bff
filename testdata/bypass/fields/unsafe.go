package fields

import "sync"

// A ring whose IterateUnsafe reads without the lock: its name says its
// callers hold it (they take it with Lock first, as UnsafeLen's do), so
// it is no path of its own.
//
// It is safe for concurrent use.
type Ring struct {
	mu    sync.Mutex
	items []int
	head  int
	size  int
}

func (q *Ring) Lock()   { q.mu.Lock() }
func (q *Ring) Unlock() { q.mu.Unlock() }

func (q *Ring) Put(x int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.items = append(q.items, x)
	q.size++
}

func (q *Ring) Poll() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	x := q.items[q.head]
	q.head++
	q.size--
	return x
}

func (q *Ring) IterateUnsafe(f func(int)) {
	for i := 0; i < q.size; i++ {
		f(q.items[q.head+i])
	}
}

func (q *Ring) UnsafeLen() int { return q.size }

// UnlockedHead says the same the other way round ("unlocked": it does
// not lock, its callers have): callers lock the ring around it.
func (q *Ring) UnlockedHead() int { return q.items[q.head] }

// Backlog is Ring with Iterate, which reads the same fields without the
// lock and with no such name: it races with Put (the twin races under
// -race).
//
// It is safe for concurrent use.
type Backlog struct {
	mu    sync.Mutex
	items []int
	head  int
	size  int
}

func (q *Backlog) Put(x int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.items = append(q.items, x)
	q.size++
}

func (q *Backlog) Poll() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	x := q.items[q.head]
	q.head++
	q.size--
	return x
}

func (q *Backlog) Iterate(f func(int)) {
	for i := 0; i < q.size; i++ {
		f(q.items[q.head+i]) // want `Iterate reads q\.items without holding q\.mu`
	}
}
