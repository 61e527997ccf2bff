package mutex

import "sync"

type entry struct {
	sync.Mutex
	n int
}

// Table moves a count between two entries under both their locks, and
// moves its active key between the two unlocks: the second m[t.active]
// is the other entry, whose lock is still held.
type Table struct {
	m      map[string]*entry
	active string
}

func (t *Table) Move(to string) {
	t.m[t.active].Lock()
	t.m[to].Lock()
	t.m[t.active].n--
	t.m[to].n++
	t.m[t.active].Unlock()
	t.active = to
	t.m[t.active].Unlock()
}

// Drain unlocks the active entry twice: the key does not move between.
func (t *Table) Drain() {
	t.m[t.active].Lock()
	t.m[t.active].n = 0
	t.m[t.active].Unlock()
	t.m[t.active].Unlock() // want `certain: t\.m\[t\.active\]\.Mutex\.Unlock\(\) unlocks t\.m\[t\.active\]\.Mutex a second time on this path`
}
