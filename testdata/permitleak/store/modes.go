package store

import "sync"

// The read modes of an offset store: a switch over them, with every
// call passing one of the constants, never reaches its default. The
// store's methods are unexported, called through an interface only the
// package can implement.
type readMode int

const (
	fromMemory readMode = iota
	fromStore
	memoryThenStore
)

type OffsetStore interface {
	read(q string, m readMode) int64
	persist()
}

type offsets struct {
	mu    sync.RWMutex
	table map[string]int64
}

func (o *offsets) read(q string, m readMode) int64 {
	o.mu.RLock()
	switch m {
	case fromMemory, memoryThenStore:
		off, ok := o.table[q]
		if ok || m == fromMemory {
			o.mu.RUnlock()
			return off
		}
		fallthrough
	case fromStore:
		o.mu.RUnlock()
		return o.fetch(q)
	default:
	}
	return -1
}

func (o *offsets) fetch(string) int64 { return 0 }

func (o *offsets) persist() {
	o.mu.Lock()
	o.table = map[string]int64{}
	o.mu.Unlock()
}

// Consumer reads through the interface, each time with a constant.
type Consumer struct{ store OffsetStore }

func NewConsumer() *Consumer { return &Consumer{store: &offsets{table: map[string]int64{}}} }

func (c *Consumer) Start(q string) int64  { return c.store.read(q, fromStore) }
func (c *Consumer) Resume(q string) int64 { return c.load(q, memoryThenStore) }
func (c *Consumer) Peek(q string) int64   { return c.load(q, fromMemory) }

// load passes its own mode on: the modes of its calls.
func (c *Consumer) load(q string, m readMode) int64 { return c.store.read(q, m) }

// A mode from outside the package reaches the default: the read lock
// stays held there.
type levels struct {
	mu    sync.RWMutex
	table map[string]int64
}

func (l *levels) read(q string, m readMode) int64 {
	l.mu.RLock()
	switch m {
	case fromMemory:
		l.mu.RUnlock()
		return l.table[q]
	case fromStore:
		l.mu.RUnlock()
		return 0
	default:
	}
	return -1 // want `this return keeps l\.mu \(sync\.RWMutex\) held`
}

func (l *levels) persist() {
	l.mu.Lock()
	l.table = nil
	l.mu.Unlock()
}

func (l *levels) Level(q string, m int) int64 { return l.read(q, readMode(m)) }
