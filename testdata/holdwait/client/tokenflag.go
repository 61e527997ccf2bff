package client

import "sync"

// A reader takes one of a pool's slots by sending on the pool's
// buffered channel and records it in held, both under its own lock; it
// gives the slot back in Release, under the same lock, only while held
// says it has one. Every true held stands for a value in the buffer, so
// Release's receive finds one at once: it does not wait for loop.
type slotQuota struct {
	mu    sync.Mutex
	held  bool
	slots chan bool
}

func (q *slotQuota) Release() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.held {
		<-q.slots
		q.held = false
		return true
	}
	return false
}

func (q *slotQuota) holding() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.held
}

type slotReader struct {
	q    *slotQuota
	stop chan struct{}
	work chan int
}

// NewSlotReader starts a reader on a pool of n slots.
func NewSlotReader(n int) *slotReader {
	r := &slotReader{q: &slotQuota{slots: make(chan bool, n)}, stop: make(chan struct{}), work: make(chan int)}
	go r.loop()
	return r
}

func (r *slotReader) loop() {
	defer r.q.Release()
	for {
		if !r.q.holding() {
			r.q.mu.Lock()
			select {
			case r.q.slots <- true:
				r.q.held = true
				r.q.mu.Unlock()
			case <-r.stop:
				r.q.mu.Unlock()
				return
			}
		}
		select {
		case <-r.work:
		case <-r.stop:
			return
		}
	}
}

// A ticketReader's Release forgets to clear held: a second Release
// still sees held and receives again, finding no value of its own in
// the pool, and waits holding t.mu for a send that loop makes only after
// taking t.mu (in holding), so neither moves.
type ticketQuota struct {
	mu    sync.Mutex
	held  bool
	slots chan bool
}

// Release gives the slot back but leaves held set: called twice, the
// second call waits forever holding t.mu.
func (t *ticketQuota) Release() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.held {
		<-t.slots // want `latent: <-t\.slots waits for \(\*ticketReader\)\.loop holding t\.mu, but \(\*ticketReader\)\.loop locks t\.mu before it sends on t\.slots: when no value sent earlier is left in t\.slots.s buffer as the wait starts`
		return true
	}
	return false
}

func (t *ticketQuota) holding() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.held
}

type ticketReader struct {
	t    *ticketQuota
	stop chan struct{}
	work chan int
}

// NewTicketReader starts a reader on a pool of n slots.
func NewTicketReader(n int) *ticketReader {
	r := &ticketReader{t: &ticketQuota{slots: make(chan bool, n)}, stop: make(chan struct{}), work: make(chan int)}
	go r.loop()
	return r
}

func (r *ticketReader) loop() {
	defer r.t.Release()
	for {
		if !r.t.holding() {
			r.t.mu.Lock()
			select {
			case r.t.slots <- true:
				r.t.held = true
				r.t.mu.Unlock()
			case <-r.stop:
				r.t.mu.Unlock()
				return
			}
		}
		select {
		case <-r.work:
		case <-r.stop:
			return
		}
	}
}

// A passReader's Release tests held before it takes p.mu: two Releases
// (a user's and the loop's deferred one) both see it set, the first
// takes the reader's value and clears it, and the second waits holding
// p.mu for a send that loop makes only after taking p.mu.
type passQuota struct {
	mu    sync.Mutex
	held  bool
	slots chan bool
}

// Release checks held unlocked: racing another Release, it waits
// forever holding p.mu.
func (p *passQuota) Release() bool {
	if p.held {
		p.mu.Lock()
		defer p.mu.Unlock()
		<-p.slots // want `latent: <-p\.slots waits for \(\*passReader\)\.loop holding p\.mu.*when no value sent earlier is left in p\.slots.s buffer`
		p.held = false
		return true
	}
	return false
}

func (p *passQuota) holding() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.held
}

type passReader struct {
	p    *passQuota
	stop chan struct{}
	work chan int
}

// NewPassReader starts a reader on a pool of n slots.
func NewPassReader(n int) *passReader {
	r := &passReader{p: &passQuota{slots: make(chan bool, n)}, stop: make(chan struct{}), work: make(chan int)}
	go r.loop()
	return r
}

func (r *passReader) loop() {
	defer r.p.Release()
	for {
		if !r.p.holding() {
			r.p.mu.Lock()
			select {
			case r.p.slots <- true:
				r.p.held = true
				r.p.mu.Unlock()
			case <-r.stop:
				r.p.mu.Unlock()
				return
			}
		}
		select {
		case <-r.work:
		case <-r.stop:
			return
		}
	}
}
