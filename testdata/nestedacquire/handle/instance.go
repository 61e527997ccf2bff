package handle

import "sync"

// A marshal cache hands out an instance that embeds it, locked; the
// instance's Release unlocks the cache through the embedded pointer,
// which Acquire set to the cache it locked. AddMount acquires and defers
// the release: the lock is free again when it returns, so two AddMount
// calls in a row are fine. Pin forgets the release: its second call
// blocks for ever.
type Cache struct {
	mu    sync.Mutex
	cache map[string]int
}

type Instance struct {
	*Cache
}

func (c *Cache) Acquire() *Instance {
	c.mu.Lock()
	return &Instance{c}
}

func (i *Instance) Release() { i.mu.Unlock() }

func (i *Instance) Store(k string) { i.cache[k]++ }

type Exec struct {
	cache  Cache
	mounts []string
}

func (e *Exec) AddMount(m string) {
	c := e.cache.Acquire()
	defer c.Release()
	e.mounts = append(e.mounts, m)
	c.Store(m)
}

func Mounts(e *Exec) {
	e.AddMount("a")
	e.AddMount("b")
}

func (e *Exec) Pin(m string) {
	c := e.cache.Acquire()
	c.Store(m)
}

// Pins pins twice: the first Pin leaves e.cache.mu locked.
func Pins(e *Exec) {
	e.Pin("a")
	e.Pin("b") // want `certain: call to \(\*Exec\)\.Pin acquires e\.cache\.mu`
}
