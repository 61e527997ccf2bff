// Package kinds: per-instance gates of every kind around process-wide
// state.
package kinds

import (
	"sync"
)

var registry = map[string]int{}

// A mutex held by value: every Registrar has its own.
type Registrar struct {
	mu   sync.Mutex // want `Registrar\.mu is a per-instance gate, but its critical sections use registry`
	name string
}

func NewRegistrar(name string) *Registrar { return &Registrar{name: name} }

func (r *Registrar) Register() {
	r.mu.Lock()
	defer r.mu.Unlock()
	registry[r.name]++
}

var history []string

// A read-write mutex, the writer side.
type Recorder struct {
	mu sync.RWMutex // want `Recorder\.mu is a per-instance gate, but its critical sections use history`
}

func (r *Recorder) Record(s string) {
	r.mu.Lock()
	history = append(history, s)
	r.mu.Unlock()
}

// Recorders are made per request, in a loop.
func Replay(lines []string) {
	for _, l := range lines {
		var r Recorder
		r.Record(l)
	}
}

var total int

// A channel semaphore made per instance.
type Worker struct {
	slots chan struct{} // want `Worker\.slots is a per-instance gate, but its critical sections use total`
}

func newWorker() *Worker { return &Worker{slots: make(chan struct{}, 1)} }

func (w *Worker) Do(n int) {
	w.slots <- struct{}{}
	defer func() { <-w.slots }()
	total += n
}

// StartWorkers makes several workers: newWorker is called in a loop.
func StartWorkers(n int) []*Worker {
	var ws []*Worker
	for i := 0; i < n; i++ {
		ws = append(ws, newWorker())
	}
	return ws
}

var counts = map[string]int{}

// A pointer to a fresh mutex.
type Counter struct {
	mu *sync.Mutex // want `Counter\.mu is a per-instance gate, but its critical sections use counts`
}

func NewCounter() *Counter { return &Counter{mu: new(sync.Mutex)} }

func (c *Counter) Inc(k string) {
	c.mu.Lock()
	counts[k]++
	c.mu.Unlock()
}

var seen = map[any]bool{}

// A generic type.
type Tracker[T comparable] struct {
	mu sync.Mutex // want `Tracker\.mu is a per-instance gate, but its critical sections use seen`
}

func (t *Tracker[T]) Track(v T) {
	t.mu.Lock()
	defer t.mu.Unlock()
	seen[v] = true
}

func NewTracker[T comparable]() *Tracker[T] { return &Tracker[T]{} }

var cache = map[string]string{}

// The critical section is a closure run under the gate.
type Loader struct {
	mu sync.Mutex // want `Loader\.mu is a per-instance gate, but its critical sections use cache`
}

func (l *Loader) with(f func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	f()
}

func (l *Loader) Load(k string) {
	l.with(func() { cache[k] = "v" })
}

func NewLoader() *Loader { return &Loader{} }

var device struct{ jobs int }

// Sessions are made per request by a handler.
type Session struct {
	mu sync.Mutex // want `Session\.mu is a per-instance gate, but its critical sections use device`
}

func newSession() *Session { return &Session{} }

func (s *Session) run() {
	s.mu.Lock()
	device.jobs++
	s.mu.Unlock()
}

type Server struct{}

func (sv *Server) Handle() { newSession().run() }

var events []string

// A sync.Locker field, given a fresh mutex per instance.
type Emitter struct {
	lk sync.Locker // want `Emitter\.lk is a per-instance gate, but its critical sections use events`
}

func NewEmitter() *Emitter { return &Emitter{lk: &sync.Mutex{}} }

func (e *Emitter) Emit(s string) {
	e.lk.Lock()
	events = append(events, s)
	e.lk.Unlock()
}

var batched = map[string]int{}

// A goroutine started under the lock and waited for before the lock is
// released runs inside the critical section.
type Batcher struct {
	mu sync.Mutex // want `Batcher\.mu is a per-instance gate, but its critical sections use batched`
}

func NewBatcher() *Batcher { return &Batcher{} }

func (b *Batcher) Flush(k string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		batched[k]++
	}()
	wg.Wait()
}
