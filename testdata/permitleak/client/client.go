// Package client calls store's exported functions that return holding a
// lock on some paths: the calls are judged here.
package client

import "example.com/permitleak/store"

// Flush drops what Drain keeps: whenever the queue is empty, q's lock
// stays held.
func Flush(q *store.Queue) error {
	return q.Drain() // want `certain: \(\*store\.Queue\)\.Drain may return with q\.mu \(sync\.Mutex\) still held: its return at callers\.go:\d+ keeps it, .* the fix is in example\.com/permitleak/store: make`
}

// Close calls a package function with the queue as its argument: when
// a queue is already closed, Shut returns holding q.mu, and Close neither
// releases it nor returns holding it.
func Close(qs []*store.Queue) error {
	for _, q := range qs {
		if err := store.Shut(q); err != nil { // want `certain: store\.Shut may return with q\.mu \(sync\.Mutex\) still held`
			return err
		}
	}
	return nil
}

// Reopen does not release after Open, whose lock it keeps on success:
// Open says which way it went, and its caller is its own judge.
func Reopen(q *store.Queue) error { return store.Open(q) }

// Locked treats Drain as an acquire helper: it releases after the call.
func Locked(q *store.Queue, f func()) error {
	err := q.Drain()
	defer q.Release()
	f()
	return err
}

// Guarded uses Begin, which says whether it holds the lock.
func Guarded(q *store.Queue, f func()) {
	if q.Begin() {
		defer q.Release()
		f()
	}
}

// Sync calls a store method that releases on every path.
func Sync(q *store.Queue) error { return q.Sync() }

// Dial opens a stream: the slot Open keeps is the mux's to free, which
// no code here could do.
func Dial(m *store.Mux) (int, error) {
	return m.Open(func(int) error { return nil })
}
