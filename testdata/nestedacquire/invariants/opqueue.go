package invariants

import (
	"container/list"
	"log"
	"sync"
)

type request struct{ id int }

// opQueue's list holds only *request: the branch for an element of
// another type, which would pop again with the lock held, never runs.
type opQueue struct {
	lock  sync.Mutex
	items *list.List
}

func newOpQueue() *opQueue { return &opQueue{items: list.New()} }

func (q *opQueue) push(r *request) {
	q.lock.Lock()
	q.items.PushBack(r)
	q.lock.Unlock()
}

func (q *opQueue) pop() *request {
	q.lock.Lock()
	if q.items.Len() == 0 {
		q.lock.Unlock()
		return nil
	}
	e := q.items.Front()
	q.items.Remove(e)
	req, ok := e.Value.(*request)
	if !ok {
		log.Print("incorrect type in queue")
		return q.pop()
	}
	q.lock.Unlock()
	return req
}

// markedQueue also queues a marker: an element can be of another type,
// and popping past it re-takes the lock it holds.
type markedQueue struct {
	lock  sync.Mutex
	items *list.List
}

type marker struct{}

func newMarkedQueue() *markedQueue { return &markedQueue{items: list.New()} }

func (q *markedQueue) push(r *request) {
	q.lock.Lock()
	q.items.PushBack(r)
	q.items.PushBack(marker{})
	q.lock.Unlock()
}

// pop, with a marker at the front, calls itself with q.lock held: the
// second Lock blocks for ever (a hang at the first marker).
func (q *markedQueue) pop() *request {
	q.lock.Lock()
	if q.items.Len() == 0 {
		q.lock.Unlock()
		return nil
	}
	e := q.items.Front()
	q.items.Remove(e)
	req, ok := e.Value.(*request)
	if !ok {
		return q.pop() // want `call to \(\*markedQueue\)\.pop acquires q\.lock`
	}
	q.lock.Unlock()
	return req
}
