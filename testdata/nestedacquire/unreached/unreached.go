// Package unreached holds a nested acquire in a method nothing can call:
// its type's values stay in the package (no exported function returns
// one, no interface holds one), the package hands out only another
// method's value, and no call of the package reaches it. The deadlock
// cannot happen; staticcheck reports the method unused.
package unreached

import (
	"sync"
	"time"
)

// A backoff is handed out only as its Step method value (DelayFunc).
// Backoff calls Step with b.mu held, but nothing can call Backoff: not
// reported.
type backoff struct {
	mu    sync.Mutex
	n     int
	timer *time.Timer
}

func (b *backoff) Step() time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.n++
	return time.Duration(b.n) * time.Millisecond
}

func (b *backoff) Backoff() *time.Timer {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.timer = time.NewTimer(b.Step())
	return b.timer
}

// DelayFunc returns the backoff's next delay, as a func.
func DelayFunc() func() time.Duration { return (&backoff{}).Step }

// A retrier is a backoff handed out whole: its first Backoff blocks
// forever.
type retrier struct {
	mu    sync.Mutex
	n     int
	timer *time.Timer
}

func (r *retrier) Step() time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.n++
	return time.Duration(r.n) * time.Millisecond
}

// Backoff calls Step with r.mu held, and Step locks r.mu again: it
// blocks forever.
func (r *retrier) Backoff() *time.Timer {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.timer = time.NewTimer(r.Step()) // want `^certain: call to \(\*retrier\)\.Step acquires r\.mu`
	return r.timer
}

// NewRetrier returns a retrier.
func NewRetrier() *retrier { return &retrier{} }

// A Manager is what a pacer is handed out as: an interface holds the
// value, and its Backoff blocks forever too.
type Manager interface{ Backoff() *time.Timer }

type pacer struct {
	mu    sync.Mutex
	n     int
	timer *time.Timer
}

func (p *pacer) step() time.Duration {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n++
	return time.Duration(p.n) * time.Millisecond
}

// Backoff calls step with p.mu held, and step locks p.mu again: it
// blocks forever.
func (p *pacer) Backoff() *time.Timer {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.timer = time.NewTimer(p.step()) // want `^certain: call to \(\*pacer\)\.step acquires p\.mu`
	return p.timer
}

// NewManager returns a pacer as a Manager.
func NewManager() Manager { return &pacer{} }
