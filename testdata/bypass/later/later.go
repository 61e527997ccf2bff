// Package later holds the field shape where the other goroutine is one
// that time.AfterFunc or context.AfterFunc starts: the func it is given
// runs when the timer fires or the context ends, on a goroutine of its
// own that nothing waits for, without the locks its caller held when it
// handed it over. It is not a callback run in place.
package later

import (
	"context"
	"sync"
	"time"
)

// A Debouncer flushes what it counts a moment after the first Add. Its
// flush runs on the timer's goroutine and writes pending without d.mu,
// which Add and Pending hold.
type Debouncer struct {
	mu      sync.Mutex
	pending int
	timer   *time.Timer
}

func (d *Debouncer) Add() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.pending++
	if d.timer == nil {
		d.timer = time.AfterFunc(time.Millisecond, d.flush)
	}
}

func (d *Debouncer) Pending() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.pending
}

func (d *Debouncer) flush() {
	d.pending = 0 // want `^latent: flush writes d\.pending without holding d\.mu, which guards it in Add, Pending: flush runs on a goroutine time\.AfterFunc starts at later\.go:\d+, which nothing waits for, so when one of them runs`
}

// A Batcher is the Debouncer with the lock kept in flush: not reported.
type Batcher struct {
	mu      sync.Mutex
	pending int
	timer   *time.Timer
}

func (b *Batcher) Add() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pending++
	if b.timer == nil {
		b.timer = time.AfterFunc(time.Millisecond, b.flush)
	}
}

func (b *Batcher) Pending() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.pending
}

func (b *Batcher) flush() {
	b.mu.Lock()
	b.pending = 0
	b.timer = nil
	b.mu.Unlock()
}

// An Expiry forgets a key when its time is up. The literal runs when the
// timer fires, long after Put has unlocked e.mu.
type Expiry struct {
	mu   sync.Mutex
	live map[string]bool
}

func (e *Expiry) Put(k string, ttl time.Duration) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.live[k] = true
	time.AfterFunc(ttl, func() {
		delete(e.live, k) // want `^latent: a func literal in Put writes the entries of e\.live without holding e\.mu, which guards it in Put, Drop: a func literal in Put runs on a goroutine time\.AfterFunc starts at`
	})
}

func (e *Expiry) Drop(k string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	delete(e.live, k)
}

func (e *Expiry) Has(k string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.live[k]
}

// A Lease drops its holder when the context ends; the literal takes the
// lock: not reported.
type Lease struct {
	mu     sync.Mutex
	holder string
}

func (l *Lease) Grant(ctx context.Context, who string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.holder = who
	context.AfterFunc(ctx, func() {
		l.mu.Lock()
		l.holder = ""
		l.mu.Unlock()
	})
}

func (l *Lease) Holder() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.holder
}
