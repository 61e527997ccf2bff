package basic

import "sync"

// LRU is a cache whose eviction helper, drop, is called only with c.mu
// held, and asks Len, which read-locks c.mu, whether to go on: one bug,
// in drop, reported once there, whichever caller reaches it.
type LRU struct {
	mu    sync.RWMutex
	table map[int64]int
	cap   int
}

func (c *LRU) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.table)
}

func (c *LRU) Resize(n int) {
	c.mu.Lock()
	if n < len(c.table) {
		c.drop(len(c.table) - n)
	}
	c.cap = n
	c.mu.Unlock()
}

func (c *LRU) Drop(n int) {
	c.mu.Lock()
	c.drop(n)
	c.mu.Unlock()
}

// drop evicts n entries. Resize and Drop call it holding c.mu; Len's
// read lock then waits for that write lock, held by the same goroutine:
// Resize(1) on a cache of two hangs.
func (c *LRU) drop(n int) {
	for k := range c.table {
		if n <= 0 || c.Len() == 0 { // want `^certain: call to \(\*LRU\)\.Len acquires c\.mu \(c\.mu\.RLock at helper\.go:15\) while every caller of \(\*LRU\)\.drop holds c\.mu \(\(\*LRU\)\.Resize, locked at helper\.go:21; \(\*LRU\)\.Drop, locked at helper\.go:30\): the read lock waits for the writer, which is this path, so it blocks forever; fix \(\*LRU\)\.drop, not its callers`
			return
		}
		delete(c.table, k)
		n--
	}
}

// FIFO's helper is called with the lock by Trim and without it by
// Evict: the bug is Trim's call, reported there.
type FIFO struct {
	mu    sync.RWMutex
	table map[int64]int
}

func (c *FIFO) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.table)
}

// Trim write-locks c.mu and evicts: evict's Len read-locks c.mu behind
// that write lock, on the same goroutine, and Trim(1) on a cache of two
// hangs.
func (c *FIFO) Trim(n int) {
	c.mu.Lock()
	c.evict(n) // want `^certain: call to \(\*FIFO\)\.evict acquires c\.mu \(\(\*FIFO\)\.Len → c\.mu\.RLock at helper\.go:56\) while it is already held on this path`
	c.mu.Unlock()
}

func (c *FIFO) Evict(n int) { c.evict(n) }

func (c *FIFO) evict(n int) {
	for k := range c.table {
		if n <= 0 || c.Len() == 0 {
			return
		}
		delete(c.table, k)
		n--
	}
}

var statsMu sync.Mutex

var evictions int

// Bin's reset calls purge, which takes s.mu and then statsMu: Close
// and Reset call reset holding s.mu, ResetAll holding statsMu. Two
// bugs, each at its caller: no gate is held by every caller of reset.
type Bin struct {
	mu    sync.Mutex
	table map[string]int
}

func (s *Bin) purge() {
	s.mu.Lock()
	clear(s.table)
	s.mu.Unlock()
	statsMu.Lock()
	evictions++
	statsMu.Unlock()
}

func (s *Bin) reset() { s.purge() }

// Close holds s.mu across reset, whose purge locks s.mu again: it hangs.
func (s *Bin) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reset() // want `^certain: call to \(\*Bin\)\.reset acquires s\.mu \(\(\*Bin\)\.purge → s\.mu\.Lock at helper\.go:\d+\) while it is already held on this path`
}

// ResetAll holds statsMu across reset, whose purge locks statsMu again:
// it hangs.
func ResetAll(s *Bin) {
	statsMu.Lock()
	defer statsMu.Unlock()
	s.reset() // want `^certain: call to \(\*Bin\)\.reset acquires statsMu \(\(\*Bin\)\.purge → statsMu\.Lock at helper\.go:\d+\) while it is already held on this path`
}

// Wheel's helper is called holding r.mu by both its callers, and both
// calls are reviewed and suppressed where they are: the report stays
// where the user suppressed it, not moved into the helper.
type Wheel struct {
	mu   sync.RWMutex
	buf  []int
	size int
}

func (r *Wheel) Size() int {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.size
}

func (r *Wheel) shrink() {
	for r.Size() > len(r.buf) {
		r.size--
	}
}

func (r *Wheel) Trim() {
	r.mu.Lock()
	defer r.mu.Unlock()
	//gatevet:ignore nestedacquire (reviewed: buf never shrinks below size here)
	r.shrink()
}

func (r *Wheel) Fit() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.shrink() //gatevet:ignore nestedacquire (reviewed: as in Trim)
}
