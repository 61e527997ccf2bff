package handoff

import "sync"

// A call between two acquires that releases a lock of the same class
// through a name the model cannot follow may release this very lock: a
// request picked from a table gives back its owner's lock when it
// finishes. The second Lock may find the lock free; it is not "certain"
// to block.

type Table struct {
	mu      sync.Mutex
	pending map[int]*request
	done    int
}

type request struct {
	owner *Table
}

// finish gives back the lock its owner took for it.
func (r *request) finish() { r.owner.mu.Unlock() }

// Complete locks for the request, which finishes by giving the lock
// back, and locks again to count it.
func (t *Table) Complete(id int) {
	t.mu.Lock()
	t.pending[id].finish()
	t.mu.Lock()
	t.done++
	t.mu.Unlock()
}

type Other struct{ mu sync.Mutex }

type job struct{ other *Other }

func (j *job) finish() { j.other.mu.Unlock() }

// CompleteOther gives back a lock of another class: its second Lock
// blocks for good.
func (t *Table) CompleteOther(j *job) {
	t.mu.Lock()
	j.finish()
	t.mu.Lock() // want `^certain: t\.mu\.Lock while t\.mu is already held`
	t.done++
	t.mu.Unlock()
}
