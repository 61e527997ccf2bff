package later

import (
	"net/http"
	"runtime"
	"sync"
)

// A Registry counts the handles it gives out. The finalizer Open
// registers runs on the runtime's finalizer goroutine once the handle is
// unreachable, long after Open unlocked r.mu: its write races Count.
type Registry struct {
	mu   sync.Mutex
	open int
}

type Handle struct{ id int }

func (r *Registry) Open() *Handle {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.open++
	h := &Handle{id: r.open}
	runtime.SetFinalizer(h, func(*Handle) {
		r.open-- // want `^latent: a func literal in Open writes r\.open without holding r\.mu, which guards it in Open, Count: a func literal in Open runs on a goroutine runtime\.SetFinalizer starts at`
	})
	return h
}

func (r *Registry) Count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.open
}

// A Tracker is the Registry with runtime.AddCleanup, and the lock kept
// in the cleanup: not reported.
type Tracker struct {
	mu   sync.Mutex
	open int
}

func (t *Tracker) Track(h *Handle) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.open++
	runtime.AddCleanup(h, func(int) {
		t.mu.Lock()
		t.open--
		t.mu.Unlock()
	}, h.id)
}

func (t *Tracker) Count() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.open
}

// Hooks registers a shutdown hook under its lock; http.Server runs the
// hook on a goroutine of its own when Shutdown is called, without k.mu.
type Hooks struct {
	mu     sync.Mutex
	closed bool
}

func (k *Hooks) Attach(srv *http.Server) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.closed = false
	srv.RegisterOnShutdown(func() {
		k.closed = true // want `^latent: a func literal in Attach writes k\.closed without holding k\.mu, which guards it in Attach, Closed: a func literal in Attach runs on a goroutine \(\*http\.Server\)\.RegisterOnShutdown starts at`
	})
}

func (k *Hooks) Closed() bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.closed
}

// Drain is Hooks with the lock taken in the hook: not reported.
type Drain struct {
	mu       sync.Mutex
	draining bool
}

func (d *Drain) Attach(srv *http.Server) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.draining = false
	srv.RegisterOnShutdown(func() {
		d.mu.Lock()
		d.draining = true
		d.mu.Unlock()
	})
}

func (d *Drain) Draining() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.draining
}
