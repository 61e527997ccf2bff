package unheld

import "sync"

// A caller that holds a lock of the class a callee releases, under
// another name, may hold the very lock: Complete locks t.mu for the
// request it picks from its table, whose finish gives back its owner's
// lock (the request's owner is the table that holds it).
type Table struct {
	mu      sync.Mutex
	pending map[int]*request
	done    int
}

type request struct{ owner *Table }

func (r *request) finish() { r.owner.mu.Unlock() }

// Complete locks for the request, which finishes by unlocking.
func (t *Table) Complete(id int) {
	t.mu.Lock()
	t.pending[id].finish()
	t.done++
}

type Other struct{ mu sync.Mutex }

type job struct{ other *Other }

// finish unlocks a lock of a class that finishOther's one caller never
// takes: an unlock of an unlocked mutex, which is fatal.
func (j *job) finish() {
	j.other.mu.Unlock() // want `\(\*job\)\.finish releases j\.other\.mu, which it never acquired, and no caller holds it: none of its callers \(1 call sites\) acquires it`
}

// CompleteOther holds only the table's lock when the job unlocks.
func (t *Table) CompleteOther(j *job) {
	t.mu.Lock()
	j.finish()
	t.mu.Unlock()
}
