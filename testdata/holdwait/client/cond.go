package client

import "sync"

// A sync.Cond's Wait lets go of the Cond's own lock, not of the others.

// Batcher: Flush holds b.flush while it waits on b.cond, whose lock is
// b.mu; the loop takes b.flush before it broadcasts.
type Batcher struct {
	mu    sync.Mutex // the cond's lock: guards items
	cond  *sync.Cond
	flush sync.Mutex
	items []string
}

func NewBatcher() *Batcher {
	b := &Batcher{}
	b.cond = sync.NewCond(&b.mu)
	go b.loop()
	return b
}

// Flush waits on b.cond holding b.flush; loop locks b.flush before it
// signals, so with items queued Flush waits forever.
func (b *Batcher) Flush() {
	b.flush.Lock()
	defer b.flush.Unlock()
	b.mu.Lock()
	for len(b.items) > 0 {
		b.cond.Wait() // want `b\.cond\.Wait\(\) waits for \(\*Batcher\)\.loop holding b\.flush, but \(\*Batcher\)\.loop locks b\.flush before it wakes b\.cond: a certain deadlock`
	}
	b.mu.Unlock()
}

func (b *Batcher) loop() {
	for {
		b.flush.Lock()
		b.mu.Lock()
		b.items = nil
		b.cond.Broadcast()
		b.mu.Unlock()
		b.flush.Unlock()
	}
}

// Drain waits holding only the cond's own lock, which Wait lets go of:
// the common use.
func (b *Batcher) Drain() {
	b.mu.Lock()
	for len(b.items) > 0 {
		b.cond.Wait()
	}
	b.mu.Unlock()
}

// Gauge's loop broadcasts without the lock its waiter holds.
type Gauge struct {
	mu    sync.Mutex
	cond  *sync.Cond
	outer sync.Mutex
	n     int
}

func NewGauge() *Gauge {
	g := &Gauge{}
	g.cond = sync.NewCond(&g.mu)
	go g.loop()
	return g
}

func (g *Gauge) Await(n int) {
	g.outer.Lock()
	defer g.outer.Unlock()
	g.mu.Lock()
	for g.n < n {
		g.cond.Wait()
	}
	g.mu.Unlock()
}

func (g *Gauge) loop() {
	for {
		g.mu.Lock()
		g.n++
		g.cond.Broadcast()
		g.mu.Unlock()
	}
}

// Shared's cond is given its lock by the caller: which lock Wait lets go
// of is not known, so nothing is said.
type Shared struct {
	other sync.Mutex
	cond  *sync.Cond
	ready bool
}

func NewShared(l sync.Locker) *Shared {
	s := &Shared{cond: sync.NewCond(l)}
	go s.loop()
	return s
}

func (s *Shared) Await() {
	s.other.Lock()
	defer s.other.Unlock()
	s.cond.L.Lock()
	for !s.ready {
		s.cond.Wait()
	}
	s.cond.L.Unlock()
}

func (s *Shared) loop() {
	s.other.Lock()
	s.ready = true
	s.cond.Broadcast()
	s.other.Unlock()
}

// Nested: the Cond and its lock sit one struct down; Drain holds only
// the Cond's own lock.
type condQueue struct {
	mu    sync.Mutex
	cond  *sync.Cond
	items []string
}

type Nested struct {
	mu sync.Mutex
	q  condQueue
}

func NewNested() *Nested {
	n := &Nested{}
	n.q.cond = sync.NewCond(&n.q.mu)
	go n.loop()
	return n
}

func (n *Nested) Drain() {
	n.q.mu.Lock()
	for len(n.q.items) > 0 {
		n.q.cond.Wait()
	}
	n.q.mu.Unlock()
}

// Hold keeps the outer n.mu, another lock than the Cond's n.q.mu. The
// loop locks n.mu before it broadcasts, so it never wakes Hold.
func (n *Nested) Hold() {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.q.mu.Lock()
	for len(n.q.items) > 0 {
		n.q.cond.Wait() // want `n\.q\.cond\.Wait\(\) waits for \(\*Nested\)\.loop holding n\.mu, but \(\*Nested\)\.loop locks n\.mu before it wakes n\.q\.cond`
	}
	n.q.mu.Unlock()
}

func (n *Nested) loop() {
	for {
		n.mu.Lock()
		n.q.mu.Lock()
		n.q.items = nil
		n.q.cond.Broadcast()
		n.q.mu.Unlock()
		n.mu.Unlock()
	}
}
