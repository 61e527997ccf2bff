// Package detached: a map taken out of its field under the lock (the
// field set to nil in the same critical section, and set to anything
// else only on a cleaner its maker still owns) belongs to the goroutine
// that took it: every other accessor checks the field under the lock
// and finds nil. A map read under the lock and written after it, while
// the field still holds it, races with the writers that hold the lock.
package detached

import "sync"

// Cleaner registers locations.
//
// It is safe for concurrent use.
type Cleaner struct {
	mu        sync.Mutex
	locations map[string]chan struct{}
	pending   map[string]int
	seen      map[string]int
}

// NewCleaner makes a cleaner.
func NewCleaner() *Cleaner {
	return &Cleaner{locations: map[string]chan struct{}{}, pending: map[string]int{}, seen: map[string]int{}}
}

// newCleanerWith is a test's cleaner with its own locations, set before
// anyone else can reach it.
func newCleanerWith(locations map[string]chan struct{}) *Cleaner {
	c := NewCleaner()
	c.locations = locations
	return c
}

// Add registers a location unless the cleaner is closed.
func (c *Cleaner) Add(loc string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.locations == nil {
		return
	}
	if _, ok := c.locations[loc]; ok {
		return
	}
	c.locations[loc] = make(chan struct{})
	c.pending[loc]++
	c.seen[loc]++
}

// Watch runs the check for loc and, when it fails, drops loc on a
// goroutine of its own, in the callback: the goroutine checks the field
// under the lock it holds until the delete, so it finds nil once
// RemoveAll has run.
func (c *Cleaner) Watch(loc string, check func(done func(error))) {
	check(func(err error) {
		if err == nil {
			return
		}
		go func() {
			c.mu.Lock()
			defer c.mu.Unlock()
			if c.locations == nil {
				return
			}
			delete(c.locations, loc)
		}()
	})
}

// Known reports whether loc is registered.
func (c *Cleaner) Known(loc string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.locations[loc]
	return ok
}

// Remove drops a location.
func (c *Cleaner) Remove(loc string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.locations == nil {
		return
	}
	delete(c.locations, loc)
	delete(c.pending, loc)
	delete(c.seen, loc)
}

// Pending returns loc's count.
func (c *Cleaner) Pending(loc string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pending[loc] + c.seen[loc]
}

// Bump counts loc once more.
func (c *Cleaner) Bump(loc string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.pending[loc]++
}

// Total sums the counts.
func (c *Cleaner) Total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, v := range c.pending {
		n += v
	}
	return n
}

// RemoveAll takes the locations out under the lock and fills in the ones
// the finder knows after letting go of it: nobody else can reach them.
func (c *Cleaner) RemoveAll(found []string) {
	c.mu.Lock()
	if c.locations == nil {
		c.mu.Unlock()
		return
	}
	locations := c.locations
	c.locations = nil
	c.mu.Unlock()
	for _, b := range found {
		if _, ok := locations[b]; !ok {
			locations[b] = make(chan struct{})
		}
	}
	c.shut(locations)
}

func (c *Cleaner) shut(locations map[string]chan struct{}) {
	for _, ch := range locations {
		close(ch)
	}
}

// Flush reads the pending counts under the lock and then writes them
// after letting go of it, while the field still holds the map: Add
// writes it at the same time.
func (c *Cleaner) Flush() {
	c.mu.Lock()
	pending := c.pending
	c.mu.Unlock()
	for k := range pending {
		pending[k] = 0 // want `Flush writes the entries of c\.pending without holding c\.mu`
	}
}

// Drain replaces the map only after it has written it: the write comes
// before the replacement, beside Add's.
func (c *Cleaner) Drain() {
	c.mu.Lock()
	seen := c.seen
	c.mu.Unlock()
	seen["drained"] = 1 // want `Drain writes the entries of c\.seen without holding c\.mu`
	c.mu.Lock()
	c.seen = map[string]int{}
	c.mu.Unlock()
}

// Tracker is Cleaner whose goroutine keeps the map it checked and
// deletes from it in a second critical section: RemoveAll can take the
// map out in between and write it while the goroutine deletes (the twin
// races under -race).
//
// It is safe for concurrent use.
type Tracker struct {
	mu        sync.Mutex
	locations map[string]chan struct{}
}

// NewTracker makes a tracker.
func NewTracker() *Tracker {
	return &Tracker{locations: map[string]chan struct{}{}}
}

// Add registers a location unless the tracker is closed.
func (t *Tracker) Add(loc string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.locations == nil {
		return
	}
	t.locations[loc] = make(chan struct{})
}

// Watch drops loc on a goroutine when the check fails.
func (t *Tracker) Watch(loc string, check func(done func(error))) {
	check(func(err error) {
		if err == nil {
			return
		}
		go func() {
			t.mu.Lock()
			locations := t.locations
			t.mu.Unlock()
			if locations == nil {
				return
			}
			t.mu.Lock()
			delete(locations, loc)
			t.mu.Unlock()
		}()
	})
}

// RemoveAll takes the locations out and fills in the ones found.
func (t *Tracker) RemoveAll(found []string) {
	t.mu.Lock()
	if t.locations == nil {
		t.mu.Unlock()
		return
	}
	locations := t.locations
	t.locations = nil
	t.mu.Unlock()
	for _, b := range found {
		locations[b] = make(chan struct{}) // want `RemoveAll writes the entries of t\.locations without holding t\.mu`
	}
}
