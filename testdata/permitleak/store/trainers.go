package store

import (
	"errors"
	"sync"
)

// trainer's implementations report the writers they use; none of them
// fails, so the error return after the call, which would keep the read
// lock, never runs.
type trainer interface {
	writersInUse() (map[string]bool, error)
}

type noopTrainer struct{}

func (noopTrainer) writersInUse() (map[string]bool, error) { return nil, nil }

type vectorTrainer struct{ ids map[string]bool }

func (t *vectorTrainer) writersInUse() (map[string]bool, error) { return t.ids, nil }

type Index2 struct {
	mu      sync.RWMutex
	trainer trainer
	keys    map[string]bool
}

func (x *Index2) InUse() (map[string]bool, error) {
	x.mu.RLock()
	ids, err := x.trainer.writersInUse()
	if err != nil {
		return nil, err
	}
	for k := range x.keys {
		ids[k] = true
	}
	x.mu.RUnlock()
	return ids, nil
}

func (x *Index2) Reset() {
	x.mu.Lock()
	x.keys = map[string]bool{}
	x.mu.Unlock()
}

// loader's lookups can fail: the error return keeps the read lock.
type loader interface {
	lookup(k string) (int, error)
}

type memLoader struct{ m map[string]int }

var errMissing = errors.New("missing")

func (l memLoader) lookup(k string) (int, error) {
	if v, ok := l.m[k]; ok {
		return v, nil
	}
	return 0, errMissing
}

type Cache2 struct {
	mu sync.RWMutex
	ld loader
	n  int
}

func (c *Cache2) Get(k string) (int, error) {
	c.mu.RLock()
	v, err := c.ld.lookup(k)
	if err != nil {
		return 0, err // want `this return keeps c\.mu \(sync\.RWMutex\) held`
	}
	c.n++
	c.mu.RUnlock()
	return v, nil
}

func (c *Cache2) Clear() {
	c.mu.Lock()
	c.n = 0
	c.mu.Unlock()
}

// source's one written implementation never fails, but the generated
// mock beside it can: the error return is live.
type source interface {
	fetch(k string) (string, error)
}

type fileSource struct{}

func (fileSource) fetch(k string) (string, error) { return k, nil }

type Reader2 struct {
	mu  sync.RWMutex
	src source
	n   int
}

func (r *Reader2) Read(k string) (string, error) {
	r.mu.RLock()
	v, err := r.src.fetch(k)
	if err != nil {
		return "", err // want `this return keeps r\.mu \(sync\.RWMutex\) held`
	}
	r.n++
	r.mu.RUnlock()
	return v, nil
}

func (r *Reader2) Reset() {
	r.mu.Lock()
	r.n = 0
	r.mu.Unlock()
}
