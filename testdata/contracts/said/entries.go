package said

import (
	"iter"
	"sync"
)

// A registry whose entries point back at it: the entry's helper reaches
// the registry's lock as e.reg.mu, which the registry's own method holds
// as r.mu. The words name the lock the chain holds under another name.
type Registry struct {
	mu      sync.Mutex
	entries map[int]*Entry
	ejected map[int]bool
}

type Entry struct {
	id  int
	reg *Registry
}

// deleteEntry drops an entry. r.mu must be held by the caller.
func (r *Registry) deleteEntry(id int) { delete(r.entries, id) }

func (e *Entry) trigger() { e.reg.deleteEntry(e.id) }

// Remove holds r.mu while the entry deletes itself through its
// back-pointer.
func (r *Registry) Remove(id int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if e, ok := r.entries[id]; ok {
		e.trigger()
	}
}

func (r *Registry) all() iter.Seq[*Entry] {
	return func(yield func(*Entry) bool) {
		for _, e := range r.entries {
			if !yield(e) {
				return
			}
		}
	}
}

// uneject clears an entry's ejection. Caller must hold r.mu.
func (r *Registry) uneject(e *Entry) { delete(r.ejected, e.id) }

// Reset holds r.mu around a range over a function, whose body runs
// inside the iterator's call with the lock held.
func (r *Registry) Reset() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for e := range r.all() {
		r.uneject(e)
	}
}

// Sweep ranges the same way without the lock: every body's call breaks
// uneject's contract.
func (r *Registry) Sweep() {
	for e := range r.all() {
		r.uneject(e) // want `^certain: \(\*Registry\)\.uneject requires r\.mu held \(its doc comment says so: "uneject clears an entry's ejection\. Caller must hold r\.mu\."\), but`
	}
}

// ejectLocked marks an entry ejected.
//
//gatevet:holds r.mu
func (r *Registry) ejectLocked(e *Entry) { r.ejected[e.id] = true }

// EjectAll keeps the directive's contract from a range body: the body
// runs inside the iterator's call, under the lock EjectAll holds.
func (r *Registry) EjectAll() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for e := range r.all() {
		r.ejectLocked(e)
	}
}

// node is how the registry drops what it holds, entries or others.
type node interface{ drop() }

func (e *Entry) drop() { e.reg.deleteEntry(e.id) }

// Drop holds r.mu around an interface call that reaches drop: the words
// of deleteEntry's contract are kept through a dispatch gatevet does not
// follow, so they are not judged.
func (r *Registry) Drop(n node) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n.drop()
}

// Tx is a transaction whose lock other packages take through Lock.
type Tx struct {
	sync.Mutex
	pending int
}

// Lock takes the transaction's lock for a batch of Unsafe calls.
func (t *Tx) Lock() { t.Mutex.Lock() }

// put must be called holding the lock on the tx.
func (t *Tx) put() { t.pending++ }

// UnsafePut passes put's contract on: its name says its callers hold
// the lock, as they do in other packages, after Lock.
func (t *Tx) UnsafePut() { t.put() }

// Put calls put without the lock; callers in other packages can take it
// with Lock first, so whether they do decides.
func (t *Tx) Put() {
	t.put() // want `^latent: \(\*Tx\)\.put requires t\.Mutex held \(its doc comment says so: "put must be called holding the lock on the tx\."\), but Put calls it without t\.Mutex, which is held there only if Put's callers in other packages hold it`
}
