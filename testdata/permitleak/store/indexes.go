package store

import (
	"errors"
	"sync"
)

var errNoIndex = errors.New("no such index")

// Indexes' Delete read-locks, returns early holding the read lock when
// there is no index, releases it on its other paths, and later starts a
// goroutine that takes and gives back the write lock on its own: that
// goroutine gives back nothing of Delete's, so the early return keeps
// the read lock, and the next write lock (the goroutine's, or Add's)
// blocks for good.
type Indexes struct {
	mu      sync.RWMutex
	byName  map[string]int
	pending map[string]chan struct{}
}

func (x *Indexes) Add(name string, id int) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.byName[name] = id
}

func (x *Indexes) Delete(name string) (<-chan struct{}, error) {
	x.mu.RLock()
	if len(x.byName) == 0 {
		return nil, errNoIndex // want `^latent: this return keeps x\.mu \(sync\.RWMutex\) held: it is released on the other paths`
	}
	_, ok := x.byName[name]
	x.mu.RUnlock()
	if !ok {
		return nil, errNoIndex
	}
	done := make(chan struct{})
	go func() {
		x.mu.Lock()
		defer x.mu.Unlock()
		delete(x.byName, name)
		close(done)
	}()
	return done, nil
}

// Drop is Delete whose goroutine gives the read lock back for it: the
// early return hands the lock to the goroutine it starts on the other
// path, which the release it makes shows.
func (x *Indexes) Drop(name string) error {
	x.mu.RLock()
	if _, ok := x.byName[name]; !ok {
		go x.mu.RUnlock()
		return errNoIndex
	}
	go func() {
		defer x.mu.RUnlock()
		_ = x.byName[name]
	}()
	return nil
}
