// Package negatives: per-instance gates that are right.
package negatives

import (
	"context"
	"log"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/semaphore"
)

// Only the instance's own state under its own lock.
type Cache struct {
	mu    sync.Mutex
	items map[string]int
}

func NewCache() *Cache { return &Cache{items: map[string]int{}} }

func (c *Cache) Put(k string, v int) {
	c.mu.Lock()
	c.items[k] = v
	c.mu.Unlock()
}

var results = map[int]int{}

// A per-call semaphore limiting fan-out inside one call.
func FanOut(ctx context.Context, n int) {
	sem := semaphore.NewWeighted(4)
	for i := 0; i < n; i++ {
		_ = sem.Acquire(ctx, 1)
		results[i] = i
		sem.Release(1)
	}
}

var (
	globalMu sync.Mutex
	jobs     = map[string]int{}
)

// The process-wide map has its own package-level gate as well.
type Submitter struct{ mu sync.Mutex }

func NewSubmitter() *Submitter { return &Submitter{} }

func (s *Submitter) Submit(k string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	globalMu.Lock()
	jobs[k]++
	globalMu.Unlock()
}

var (
	hits atomic.Int64
	seen sync.Map
)

// Self-synchronising values and the standard logger need no gate.
type Meter struct{ mu sync.Mutex }

func NewMeter() *Meter { return &Meter{} }

func (m *Meter) Mark(k string) {
	m.mu.Lock()
	hits.Add(1)
	seen.Store(k, true)
	log.Printf("mark %s", k)
	m.mu.Unlock()
}

var limits = map[string]int{"a": 1}

// Reading a value never written after initialisation is not a use.
type Reader struct{ mu sync.Mutex }

func NewReader() *Reader { return &Reader{} }

func (r *Reader) Limit(k string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return limits[k]
}

var state = map[string]int{}

// A singleton: one instance, made by the package's initialiser.
type registry struct{ mu sync.Mutex }

var theRegistry = &registry{}

func (r *registry) add(k string) {
	r.mu.Lock()
	state[k]++
	r.mu.Unlock()
}

func Add(k string) { theRegistry.add(k) }

var queue []int

// The channel is made once and shared through a package-level variable.
var sharedSlots = make(chan struct{}, 2)

type Enqueuer struct{ slots chan struct{} }

func NewEnqueuer() *Enqueuer { return &Enqueuer{slots: sharedSlots} }

func (e *Enqueuer) Push(x int) {
	e.slots <- struct{}{}
	defer func() { <-e.slots }()
	queue = append(queue, x)
}

// limits is written only in init.
func init() { limits["b"] = 2 }

var timeout = 5

// SetTimeout changes a setting; Poller only reads it under its lock.
func SetTimeout(n int) { timeout = n }

type Poller struct{ mu sync.Mutex }

func NewPoller() *Poller { return &Poller{} }

func (p *Poller) Poll() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return timeout
}

var dialed = map[string]int{}

// A per-instance lock held only while starting a goroutine: the
// goroutine runs after Dial has let go of the lock, so dialed is not
// used in the lock's critical section (it has a race of its own, which
// is bypass's business, not the instance gate's).
type Pool struct {
	mu    sync.Mutex
	conns int
}

func NewPool() *Pool { return &Pool{} }

func (p *Pool) Dial(addr string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.conns++
	go func() { dialed[addr]++ }()
}

// Grow does the same through a helper its callers call with the lock
// held: what the helper's goroutine does is not covered by their lock.
func (p *Pool) Grow(addr string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.conns++
	p.dialLocked(addr)
}

func (p *Pool) dialLocked(addr string) {
	go p.dial(addr)
}

func (p *Pool) dial(addr string) { dialed[addr]++ }
