// Package readlock: a write made holding only the read lock of the
// RWMutex that guards it. Readers hold the read lock at the same time,
// so the write races with them and with another call of itself.
package readlock

import (
	"strconv"
	"sync"
)

type Index struct {
	mu     sync.RWMutex
	byName map[string]int
	hits   int
	last   string

	statsMu sync.Mutex
	lookups int
	dirty   bool
}

func New() *Index { return &Index{byName: make(map[string]int)} }

func (x *Index) Add(name string, id int) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.byName[name] = id
	x.hits = 0
	x.last = name
}

// Lookup counts hits under the read lock: two Lookups at once write
// x.hits together.
func (x *Index) Lookup(name string) (int, bool) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	id, ok := x.byName[name]
	if ok {
		x.hits++ // want `^latent: Lookup writes x\.hits holding only the read lock of x\.mu \(read-locked at readlock\.go:35\), which guards it \(Add writes it with x\.mu write-locked\): read-lock holders run at the same time, so this write races whenever another goroutine runs Lookup or Hits \(readlock\.go:57\) meanwhile; take x\.mu\.Lock\(\) instead of the read lock [^;]*, or a lock of the written state.s own$`
	}
	return id, ok
}

// Remember caches into the map under the read lock: a concurrent map
// write.
func (x *Index) Remember(name string) {
	x.mu.RLock()
	defer x.mu.RUnlock()
	if _, ok := x.byName[name]; !ok {
		x.byName[name] = -1 // want `^latent: Remember writes the entries of x\.byName holding only the read lock of x\.mu \(read-locked at readlock\.go:47\), which guards it \(Add writes it with x\.mu write-locked\): read-lock holders run at the same time, so this write races whenever another goroutine runs Remember meanwhile; take x\.mu\.Lock\(\) instead of the read lock [^;]*, or a lock of the written state.s own$`
	}
}

func (x *Index) Hits() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.hits
}

// Count writes under the read lock and under a lock of its own that
// every write of x.lookups holds: the writes are ordered by statsMu.
func (x *Index) Count(name string) int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	x.statsMu.Lock()
	x.lookups++
	x.statsMu.Unlock()
	return x.byName[name]
}

func (x *Index) ResetCount() {
	x.mu.Lock()
	x.statsMu.Lock()
	x.lookups = 0
	x.statsMu.Unlock()
	x.mu.Unlock()
}

func (x *Index) Lookups() int {
	x.statsMu.Lock()
	defer x.statsMu.Unlock()
	return x.lookups
}

// Rename writes under the write lock: no race.
func (x *Index) Rename(name string) {
	x.mu.Lock()
	x.last = name
	x.mu.Unlock()
}

// Last only reads under the read lock.
func (x *Index) Last() string {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.last
}

// Stats and Report both reach snapshot's write of x.dirty under the read
// lock: one write, one report.
func (x *Index) Stats() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return x.snapshot() // want `^latent: Stats writes x\.dirty through \(\*Index\)\.snapshot → x\.dirty holding only the read lock of x\.mu`
}

func (x *Index) Report() string {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return strconv.Itoa(x.snapshot())
}

func (x *Index) snapshot() int {
	if x.dirty {
		x.dirty = false
	}
	return len(x.byName)
}

func (x *Index) Touch() {
	x.mu.Lock()
	x.dirty = true
	x.mu.Unlock()
}

// A value of a type that locks itself: put writes its map under its
// own lock, so Note's write under the read lock of storeMu is ordered by
// current.mu.
type store struct {
	mu sync.Mutex
	m  map[string]int
}

func (s *store) put(k string) {
	s.mu.Lock()
	s.m[k] = 1
	s.mu.Unlock()
}

var (
	storeMu sync.RWMutex
	current = &store{m: map[string]int{}}
)

func Swap() {
	storeMu.Lock()
	current = &store{m: map[string]int{}}
	storeMu.Unlock()
}

func Note(k string) {
	storeMu.RLock()
	defer storeMu.RUnlock()
	current.put(k)
}
