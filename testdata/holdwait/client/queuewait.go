package client

import "sync"

// Workers that hold a read lock while they wait for work: the writer
// that hands out work takes the write lock first, and blocks behind
// them for good. The wait and the wake-up are often one call down, in
// the queue's helpers.

// A Syncer's workers read-lock s.state and take an item, waiting on
// s.cond while the queue is empty (take); Sync write-locks s.state,
// then queues the item and signals (push). With the queue empty, every
// worker holds the read lock in take, and Sync's write lock waits for
// them while they wait for its push.
type Syncer struct {
	state sync.RWMutex
	qmu   sync.Mutex
	cond  *sync.Cond
	items []int
	seen  map[int]bool
}

func NewSyncer() *Syncer {
	s := &Syncer{seen: map[int]bool{}}
	s.cond = sync.NewCond(&s.qmu)
	for i := 0; i < 2; i++ {
		go s.worker()
	}
	return s
}

func (s *Syncer) worker() {
	for {
		s.state.RLock()
		x := s.take() // want `latent: the call of \(\*Syncer\)\.take \(s\.cond\.Wait\(\)\) waits for \(\*Syncer\)\.Sync holding s\.state, but \(\*Syncer\)\.Sync locks s\.state before it wakes s\.cond: when the call waits \(its loop finds its condition unmet\), neither moves again`
		_ = s.seen[x]
		s.state.RUnlock()
	}
}

func (s *Syncer) take() int {
	s.qmu.Lock()
	defer s.qmu.Unlock()
	for len(s.items) == 0 {
		s.cond.Wait()
	}
	x := s.items[0]
	s.items = s.items[1:]
	return x
}

// Sync records x under the write lock, then queues it.
func (s *Syncer) Sync(x int) {
	s.state.Lock()
	s.seen[x] = true
	s.state.Unlock()
	s.push(x)
}

func (s *Syncer) push(x int) {
	s.qmu.Lock()
	s.items = append(s.items, x)
	s.qmu.Unlock()
	s.cond.Signal()
}

// A Feeder's workers wait on the Cond in place holding the read lock,
// and Feed write-locks before the helper that signals: the same
// deadlock, the wake-up one call down.
type Feeder struct {
	state sync.RWMutex
	qmu   sync.Mutex
	cond  *sync.Cond
	items []int
	seen  map[int]bool
}

func NewFeeder() *Feeder {
	f := &Feeder{seen: map[int]bool{}}
	f.cond = sync.NewCond(&f.qmu)
	go f.worker()
	return f
}

// worker waits on f.cond holding the read lock of f.state; Feed
// write-locks f.state before push signals, so once the worker waits,
// Feed blocks for good and the worker with it.
func (f *Feeder) worker() {
	for {
		f.state.RLock()
		f.qmu.Lock()
		for len(f.items) == 0 {
			f.cond.Wait() // want `certain: f\.cond\.Wait\(\) waits for \(\*Feeder\)\.Feed holding f\.state, but \(\*Feeder\)\.Feed locks f\.state before it wakes f\.cond: a certain deadlock`
		}
		x := f.items[0]
		f.items = f.items[1:]
		f.qmu.Unlock()
		_ = f.seen[x]
		f.state.RUnlock()
	}
}

// Feed records x under the write lock, then queues it.
func (f *Feeder) Feed(x int) {
	f.state.Lock()
	f.seen[x] = true
	f.state.Unlock()
	f.push(x)
}

func (f *Feeder) push(x int) {
	f.qmu.Lock()
	f.items = append(f.items, x)
	f.qmu.Unlock()
	f.cond.Signal()
}

// A courier's workers let go of the read lock before they take an item,
// and its Kick queues without the write lock: neither shape blocks.
type Courier struct {
	state sync.RWMutex
	qmu   sync.Mutex
	cond  *sync.Cond
	items []int
	seen  map[int]bool
}

func NewCourier() *Courier {
	r := &Courier{seen: map[int]bool{}}
	r.cond = sync.NewCond(&r.qmu)
	go r.worker()
	go r.reader()
	return r
}

// worker reads the state, lets go of the lock, then waits for an item.
func (r *Courier) worker() {
	for {
		r.state.RLock()
		n := len(r.seen)
		r.state.RUnlock()
		_ = n + r.take()
	}
}

// reader waits holding the read lock, but some push comes without the
// write lock (Kick): it can answer the wait.
func (r *Courier) reader() {
	for {
		r.state.RLock()
		x := r.take()
		_ = r.seen[x]
		r.state.RUnlock()
	}
}

func (r *Courier) take() int {
	r.qmu.Lock()
	defer r.qmu.Unlock()
	for len(r.items) == 0 {
		r.cond.Wait()
	}
	x := r.items[0]
	r.items = r.items[1:]
	return x
}

// Deliver records x under the write lock, then queues it.
func (r *Courier) Deliver(x int) {
	r.state.Lock()
	r.seen[x] = true
	r.state.Unlock()
	r.push(x)
}

// Kick queues x without the state lock.
func (r *Courier) Kick(x int) { r.push(x) }

func (r *Courier) push(x int) {
	r.qmu.Lock()
	r.items = append(r.items, x)
	r.qmu.Unlock()
	r.cond.Signal()
}
