package fields

import "sync"

// Buffer is a transaction's buffer, used by one goroutine at a time. Its
// lock is only there so that a snapshot reader does not race with the
// writes (tikv's MemDB): every writer takes it, and most other methods,
// Reset among them, touch the same fields without it. The lock is no
// discipline of the type, and Len's unlocked read is not reported.
type Buffer struct {
	mu    sync.RWMutex
	data  map[string]string
	count int
	size  int
	dirty bool
}

func (b *Buffer) Set(k, v string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.data[k] = v
	b.count++
	b.size += len(v)
	b.dirty = true
}

func (b *Buffer) SetFlags(k string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.count++
	b.dirty = true
}

func (b *Buffer) Delete(k string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.data, k)
	b.count--
	b.dirty = true
}

func (b *Buffer) Snapshot(k string) string {
	b.mu.RLock()
	defer b.mu.RUnlock()
	return b.data[k]
}

func (b *Buffer) Get(k string) string { return b.data[k] }

func (b *Buffer) Has(k string) bool { _, ok := b.data[k]; return ok }

func (b *Buffer) Len() int { return b.count }

func (b *Buffer) Size() int { return b.size }

func (b *Buffer) Dirty() bool { return b.dirty }

func (b *Buffer) Reset() {
	b.data = make(map[string]string)
	b.count, b.size, b.dirty = 0, 0, false
}
