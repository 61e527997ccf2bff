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
