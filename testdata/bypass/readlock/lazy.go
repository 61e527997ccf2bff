package readlock

import "sync"

// A tree made on first use, inside a sync.Once, by whichever method
// comes first: under the read lock in Stat, under the lock in Create.
// The Once runs the write once, and every Do returns after it.
type FS struct {
	mu   sync.RWMutex
	once sync.Once
	data map[string]int
}

func (f *FS) getData() map[string]int {
	f.once.Do(func() {
		f.data = make(map[string]int)
		f.data["/"] = 0
	})
	return f.data
}

func (f *FS) Stat(name string) int {
	f.mu.RLock()
	defer f.mu.RUnlock()
	return f.getData()[name]
}

func (f *FS) Create(name string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.getData()[name] = 1
}

// Lazy makes its tree on first use without a Once: two Stats at once
// both make it.
type Lazy struct {
	mu   sync.RWMutex
	data map[string]int
}

func (f *Lazy) getData() map[string]int {
	if f.data == nil {
		f.data = make(map[string]int)
	}
	return f.data
}

func (f *Lazy) Stat(name string) int {
	f.mu.RLock()
	defer f.mu.RUnlock()
	return f.getData()[name] // want `^latent: Stat writes f\.data through \(\*Lazy\)\.getData → f\.data holding only the read lock of f\.mu .*: read-lock holders run at the same time, so while f\.data is still nil this write races whenever another goroutine runs Stat meanwhile; take f\.mu\.Lock\(\) instead of the read lock [^;]*, or a lock of the written state.s own, or make it in a sync\.Once$`
}

func (f *Lazy) Create(name string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.getData()[name] = 1
}

// Cached keeps its first message, loaded on demand under the read lock,
// and drops it when the message expires: the load runs again after
// every drop, so a sync.Once, which runs once, is no fix; the lock is.
type Cached struct {
	mu    sync.RWMutex
	first *string
	msgs  []string
}

func (c *Cached) First() string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if c.first == nil {
		c.first = &c.msgs[0] // want `^latent: First writes c\.first holding only the read lock of c\.mu .*: read-lock holders run at the same time, so while c\.first is still nil this write races whenever another goroutine runs First meanwhile; take c\.mu\.Lock\(\) instead of the read lock [^;]*, or a lock of the written state.s own$`
	}
	return *c.first
}

func (c *Cached) Expire() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.msgs = c.msgs[1:]
	c.first = nil
}

func (c *Cached) Add(m string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.msgs = append(c.msgs, m)
	if len(c.msgs) == 1 {
		c.first = &c.msgs[0]
	}
}
