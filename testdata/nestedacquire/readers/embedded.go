package readers

import "sync"

// Bindings embed one base by value, as fyne's data bindings share theirs:
// every lock below is of the class base.lock, but a lock inside one kind
// of binding is never the lock inside another.
type base struct {
	lock      sync.RWMutex
	listeners []func()
}

// listBase is embedded by both lists; its Length read-locks.
type listBase struct {
	base
	items []int
}

func (b *listBase) Length() int {
	b.lock.RLock()
	defer b.lock.RUnlock()
	return len(b.items)
}

// IntList's Get read-locks and calls Length, which read-locks the same
// lock again, and its Append write-locks it: with Get and Append on two
// goroutines, Append queues between the two read locks and both block
// for good.
type IntList struct {
	listBase
	val []int
}

func (l *IntList) Get(i int) int {
	l.lock.RLock()
	defer l.lock.RUnlock()
	if i >= l.Length() { // want `latent: call to \(\*listBase\)\.Length acquires l\.listBase\.base\.lock .*\(\(\*IntList\)\.Append at embedded\.go:\d+ takes the write lock\)`
		return 0
	}
	return l.val[i]
}

func (l *IntList) Append(v int) {
	l.lock.Lock()
	defer l.lock.Unlock()
	l.val = append(l.val, v)
	l.items = append(l.items, v)
}

// FixedList reads the same way, but nothing write-locks a FixedList: the
// only writer of the class is External's Set, whose lock lies in an
// External, never in a list.
type FixedList struct {
	listBase
	val []int
}

func (l *FixedList) Get(i int) int {
	l.lock.RLock()
	defer l.lock.RUnlock()
	if i >= l.Length() {
		return 0
	}
	return l.val[i]
}

// External embeds its own base.
type External struct {
	base
	v int
}

func (e *External) Set(v int) {
	e.lock.Lock()
	defer e.lock.Unlock()
	e.v = v
}
