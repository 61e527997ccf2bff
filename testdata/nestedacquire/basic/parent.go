package basic

import "sync"

// A router adds child routers under its own lock. The child's setRouter
// says "caller must hold the mutex": the parent's, which its callers
// hold, and not the child's own, which setRouter takes itself (through
// interfaces). Words that would make the function lock a mutex its
// callers hold mean another one.
type Router struct {
	mutex    sync.RWMutex
	parent   *Router
	children []*Router
	ifaces   []string
}

func (r *Router) interfaces() []string {
	r.mutex.RLock()
	defer r.mutex.RUnlock()
	return r.ifaces
}

// caller must hold the mutex.
func (r *Router) setRouter(parent *Router) {
	r.parent = parent
	_ = r.interfaces()
}

// AddRouter adds a child under the parent's lock.
func (r *Router) AddRouter(child *Router) {
	r.mutex.Lock()
	defer r.mutex.Unlock()
	child.setRouter(r)
	r.children = append(r.children, child)
}

// A ring's trim says callers hold the lock, and takes it itself (through
// size): the words are not taken for the contract, and the call that
// holds the lock is where the second Lock is found.
type Ring struct {
	mu    sync.Mutex
	items []int
}

func (q *Ring) size() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.items)
}

// trim drops the oldest item. Caller must hold the lock.
func (q *Ring) trim() {
	q.items = q.items[1:]
	if q.size() > 0 {
		q.items = q.items[:0]
	}
}

// Push appends and trims under the lock: trim's size locks q.mu, which
// Push holds, and blocks for good.
func (q *Ring) Push(v int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.items = append(q.items, v)
	if len(q.items) > 8 {
		q.trim() // want `^certain: call to \(\*Ring\)\.trim acquires q\.mu`
	}
}
