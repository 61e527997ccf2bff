package dynamic

import "sync"

// An interface-typed field that every store sets to the struct holding
// it calls that struct's method on the same instance.

type Notifier interface{ Notify(string) }

type Hub struct {
	mu       sync.Mutex
	notifier Notifier
	events   []string
}

func NewHub() *Hub {
	h := &Hub{}
	h.notifier = h // the only value notifier is ever given: the hub itself
	return h
}

func (h *Hub) Notify(e string) {
	h.mu.Lock()
	h.events = append(h.events, e)
	h.mu.Unlock()
}

// Update holds h.mu and calls Notify on h through the field, which locks
// h.mu again.
func (h *Hub) Update() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.notifier.Notify("update") // want `certain: call to \(\*Hub\)\.Notify acquires h\.mu`
}

// Relay's notifier is another object: its lock is not the relay's.
type Relay struct {
	mu       sync.Mutex
	notifier Notifier
	sent     int
}

func NewRelay(h *Hub) *Relay {
	r := &Relay{}
	r.notifier = h
	return r
}

func (r *Relay) Notify(e string) {
	r.mu.Lock()
	r.sent++
	r.mu.Unlock()
}

func (r *Relay) Forward(e string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.notifier.Notify(e)
}

// Loop's notifier is itself or another hub's relay: not settled.
type Loop struct {
	mu       sync.Mutex
	notifier Notifier
	n        int
}

func NewLoop(self bool, r *Relay) *Loop {
	l := &Loop{}
	if self {
		l.notifier = l
	} else {
		l.notifier = r
	}
	return l
}

func (l *Loop) Notify(e string) {
	l.mu.Lock()
	l.n++
	l.mu.Unlock()
}

func (l *Loop) Tick() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.notifier.Notify("tick")
}
