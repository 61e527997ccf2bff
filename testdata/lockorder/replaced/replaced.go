// Package replaced takes a bucket's flush lock before its segments'
// maintenance lock everywhere but in Replace, which takes the
// replacement's maintenance lock, shuts the old bucket down (its flush
// lock) and then takes the replacement's own flush lock: the order on
// one bucket is the one reported, not the one across the two buckets,
// which deadlocks only when a bucket replaces itself.
package replaced

import "sync"

type Segments struct {
	maintenance sync.RWMutex
	files       []string
}

type Bucket struct {
	flush sync.RWMutex
	disk  *Segments
	dir   string
}

func NewBucket(dir string) *Bucket {
	return &Bucket{disk: &Segments{}, dir: dir}
}

// View reads the bucket's files: flush, then maintenance.
func (b *Bucket) View() []string {
	b.flush.RLock()
	defer b.flush.RUnlock()
	return b.disk.view() // want `latent: b.disk.maintenance is acquired in \(\*Segments\)\.view while holding b.flush, but \(\*Store\).replace \(replaced.go:68\) acquires replacement.flush while holding replacement.disk.maintenance`
}

func (s *Segments) view() []string {
	s.maintenance.RLock()
	defer s.maintenance.RUnlock()
	return append([]string(nil), s.files...)
}

// Flush adds a segment: flush, then maintenance, both exclusive.
func (b *Bucket) Flush(f string) {
	b.flush.Lock()
	defer b.flush.Unlock()
	b.disk.maintenance.Lock() // want `latent: b.disk.maintenance is acquired while holding b.flush, but \(\*Store\).replace \(replaced.go:68\)`
	b.disk.files = append(b.disk.files, f)
	b.disk.maintenance.Unlock()
}

// Shutdown waits for flushes to end.
func (b *Bucket) Shutdown() {
	b.flush.Lock()
	defer b.flush.Unlock()
	b.dir = ""
}

type Store struct {
	mu      sync.Mutex
	buckets map[string]*Bucket
}

// replace takes the replacement's maintenance lock, shuts the old
// bucket down, then takes the replacement's flush lock: the second is
// an inversion on the replacement itself, reported here; the first
// meets View's order only on a bucket replaced by itself.
func (s *Store) replace(replacement, old *Bucket) {
	replacement.disk.maintenance.Lock()
	defer replacement.disk.maintenance.Unlock()
	old.Shutdown()
	replacement.flush.Lock() // want `latent: replacement.flush is acquired while holding replacement.disk.maintenance, but \(\*Bucket\).View \(replaced.go:30\) acquires b.disk.maintenance while holding b.flush: lock-order inversion, it deadlocks when two goroutines take the two paths at once;`
	defer replacement.flush.Unlock()
	replacement.dir = old.dir
}

func (s *Store) Replace(name, with string) {
	s.mu.Lock()
	replacement, old := s.buckets[with], s.buckets[name]
	s.mu.Unlock()
	s.replace(replacement, old)
}
