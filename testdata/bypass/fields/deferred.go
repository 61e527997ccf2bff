package fields

import "sync"

var poolGauge, poolCells int

// Pool refreshes its gauges on the way out of each change: refresh
// returns a closure that its callers only ever defer after deferring the
// unlock, so the closure runs first, with the lock still held (defers
// run last in, first out). The closure is judged where it is called.
//
// It is safe for concurrent use.
type Pool struct {
	mu    sync.Mutex
	bytes int
	cells int
}

func (p *Pool) Put(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	defer p.refresh()()
	p.insert(n)
}

func (p *Pool) Take(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	defer p.refresh()()
	p.insert(-n)
}

func (p *Pool) insert(n int) {
	p.bytes += n
	p.cells++
}

func (p *Pool) refresh() func() {
	before := p.bytes
	return func() {
		if p.bytes != before {
			poolGauge = p.bytes
		}
		poolCells = p.cells
	}
}

// Journal's Len defers refresh's closure before it locks: refresh reads
// the sizes at once, and the closure after the deferred unlock; both
// race with Post's and Trim's writes.
//
// It is safe for concurrent use.
type Journal struct {
	mu    sync.Mutex
	bytes int
	cells int
}

func (j *Journal) Post(n int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	defer j.refresh()()
	j.insert(n)
}

func (j *Journal) Len() int {
	defer j.refresh()() // want `latent: Len reads j\.bytes through \(\*Journal\)\.refresh → j\.bytes without holding j\.mu, which guards it in Post, Trim`
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.cells
}

func (j *Journal) Trim(n int) {
	j.mu.Lock()
	defer j.mu.Unlock()
	defer j.refresh()()
	j.insert(-n)
}

func (j *Journal) insert(n int) {
	j.bytes += n
	j.cells++
}

func (j *Journal) refresh() func() {
	before := j.bytes
	return func() {
		if j.bytes != before {
			poolGauge = j.bytes
		}
		poolCells = j.cells
	}
}

// Tally exports its maker: a caller in another package can run the
// closure at any time, without the lock, while Add changes the sizes.
//
// It is safe for concurrent use.
type Tally struct {
	mu    sync.Mutex
	bytes int
	cells int
}

func (t *Tally) Add(n int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	defer t.Refresh()()
	t.insert(n)
}

func (t *Tally) Sub(n int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.insert(-n)
}

func (t *Tally) insert(n int) {
	t.bytes += n
	t.cells++
}

func (t *Tally) Refresh() func() {
	return func() {
		poolCells = t.cells // want `latent: a func literal in Refresh reads t\.cells without holding t\.mu, which guards it in Add, Sub`
	}
}

// Alarm keeps the closure its maker returns in a field and runs it on a
// goroutine of its own: the closure escapes, and is judged by itself.
//
// It is safe for concurrent use.
type Alarm struct {
	mu    sync.Mutex
	fired int
	cb    func()
}

func NewAlarm() *Alarm {
	a := &Alarm{}
	a.cb = a.ring()
	return a
}

func (a *Alarm) Fire() { go a.cb() }

func (a *Alarm) Ack() {
	a.mu.Lock()
	a.fired = 0
	a.mu.Unlock()
}

func (a *Alarm) Reset() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.fired = -1
}

func (a *Alarm) ring() func() {
	return func() {
		a.fired++ // want `latent: a func literal in ring writes a\.fired without holding a\.mu, which guards it in Ack, Reset`
	}
}
