package basic

import "sync"

// A Table replaces a slot's entry under the old entry's lock: it locks
// the new entry, a different object loaded through the same expression
// after the store, and then lets the old one go. No second acquire of
// one lock.
type Table struct {
	slots []*entry
}

type entry struct {
	sync.Mutex
	v int
}

func (t *Table) Replace(i int) *entry {
	t.slots[i].Lock()
	old := t.slots[i]
	t.slots[i] = &entry{v: old.v}
	t.slots[i].Lock()
	old.Unlock()
	return t.slots[i]
}
