// Package waitq is another module's: its Pop waits on a Cond that no
// context reaches.
package waitq

import "sync"

type Q struct {
	mu    sync.Mutex
	cond  *sync.Cond
	items []int
}

func New() *Q {
	q := &Q{}
	q.cond = sync.NewCond(&q.mu)
	return q
}

func (q *Q) Push(x int) {
	q.mu.Lock()
	q.items = append(q.items, x)
	q.mu.Unlock()
	q.cond.Signal()
}

func (q *Q) Pop() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.items) == 0 {
		q.cond.Wait()
	}
	x := q.items[0]
	q.items = q.items[1:]
	return x
}
