package dynamic

import "sync"

// A func field every store sets to a function literal over the struct
// that holds it (a callback over its owner) runs, at a call of the
// field, on the caller's owner: Renew holds le.mu and calls le.onTick,
// whose literal calls Checkpoint on the same lessor, which locks le.mu.
type Lessor struct {
	mu     sync.Mutex
	onTick func(n int)
	n      int
}

func NewLessor(step int) *Lessor {
	le := &Lessor{}
	le.onTick = func(n int) { le.Checkpoint(n * step) }
	return le
}

func (le *Lessor) Checkpoint(n int) {
	le.mu.Lock()
	defer le.mu.Unlock()
	le.n += n
}

// Renew calls the callback with le.mu held, and the literal's Checkpoint
// locks le.mu again: it blocks forever.
func (le *Lessor) Renew() {
	le.mu.Lock()
	defer le.mu.Unlock()
	if le.onTick != nil {
		le.onTick(1) // want `certain: call to func literal in NewLessor acquires le\.mu \(\(\*Lessor\)\.Checkpoint → le\.mu\.Lock at closures\.go:\d+\)`
	}
}

// Expire lets go of the lock before it calls the callback.
func (le *Lessor) Expire() {
	le.mu.Lock()
	le.n = 0
	le.mu.Unlock()
	le.onTick(0)
}

// A keeper's callback is a literal over another keeper, its parent:
// the call holds this keeper's lock and the literal locks the
// parent's, another lock.
type Keeper struct {
	mu      sync.Mutex
	onTick  func()
	parent  *Keeper
	counter int
}

func NewKeeper(parent *Keeper) *Keeper {
	k := &Keeper{parent: parent}
	k.onTick = func() { parent.bump() }
	return k
}

func (k *Keeper) bump() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.counter++
}

func (k *Keeper) Tick() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.onTick()
}

// A watcher's callback is a literal over the watcher in one place and
// comes from the caller in another: the package does not know what it
// runs.
type Watcher struct {
	mu       sync.Mutex
	onChange func()
	seen     int
}

func NewWatcher() *Watcher {
	w := &Watcher{}
	w.onChange = func() { w.note() }
	return w
}

func (w *Watcher) SetOnChange(f func()) { w.onChange = f }

func (w *Watcher) note() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.seen++
}

func (w *Watcher) Fire() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.onChange()
}

// A Pool's callback is set through an unexported setter that only the
// package calls, each time with a literal over the pool itself.
type Pool struct {
	mu     sync.Mutex
	onIdle func()
	idle   int
}

func NewPool() *Pool {
	p := &Pool{}
	p.setOnIdle(func() { p.Shrink() })
	return p
}

func (p *Pool) setOnIdle(f func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.onIdle = f
}

func (p *Pool) Shrink() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.idle = 0
}

// Put calls the callback with p.mu held, and the literal's Shrink locks
// p.mu again: it blocks forever.
func (p *Pool) Put() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.idle++
	p.onIdle() // want `certain: call to func literal in NewPool acquires p\.mu \(\(\*Pool\)\.Shrink → p\.mu\.Lock at closures\.go:\d+\)`
}

// A Queue's setter is called with a literal over the queue and, from
// an exported method, with the caller's function: the package does not
// know what the field runs.
type Queue struct {
	mu      sync.Mutex
	onDrain func()
	items   []int
}

func NewQueue() *Queue {
	q := &Queue{}
	q.setOnDrain(func() { q.Reset() })
	return q
}

func (q *Queue) OnDrain(f func()) { q.setOnDrain(f) }

func (q *Queue) setOnDrain(f func()) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.onDrain = f
}

func (q *Queue) Reset() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.items = nil
}

func (q *Queue) Drain() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.items = q.items[:0]
	q.onDrain()
}
