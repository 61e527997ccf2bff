package client

import "sync"

// A send on an unbuffered channel field waits for a receive: the only
// receiving loop locks the same mutex before each receive. It lets go of
// it before the receive, so a Publish that comes while the loop waits in
// its select goes through: the deadlock needs Publish to take b.mu while
// the loop is between its receive and its next Lock (two Publishes in a
// row): latent. Device and Worker (permits.go, stop.go) close or return
// only after they lock and see stopped: certain.

type Bus struct {
	mu      sync.Mutex
	subs    int
	events  chan string
	pending chan string
	quit    chan struct{}
}

func NewBus() *Bus {
	b := &Bus{events: make(chan string), pending: make(chan string, 16), quit: make(chan struct{})}
	go b.loop()
	go b.drain()
	return b
}

func (b *Bus) Publish(e string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.events <- e // want `latent: b\.events <- … waits for \(\*Bus\)\.loop holding b\.mu, but \(\*Bus\)\.loop locks b\.mu, and lets go of it, before it receives from b\.events: if the wait starts before \(\*Bus\)\.loop locks b\.mu again`
}

func (b *Bus) loop() {
	for {
		b.mu.Lock()
		n := b.subs
		b.mu.Unlock()
		select {
		case e := <-b.events:
			_ = e
			_ = n
		case <-b.quit:
			return
		}
	}
}

// Near misses.

// Queue sends on a buffered channel: the send does not wait for the
// receiver while there is room.
func (b *Bus) Queue(e string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pending <- e
}

func (b *Bus) drain() {
	for {
		b.mu.Lock()
		b.subs++
		b.mu.Unlock()
		<-b.pending
	}
}

// Announce sends after letting go of the mutex.
func (b *Bus) Announce(e string) {
	b.mu.Lock()
	b.subs++
	b.mu.Unlock()
	b.events <- e
}

type Feed struct {
	mu    sync.Mutex
	items chan int
	n     int
}

func NewFeed() *Feed {
	f := &Feed{items: make(chan int)}
	go f.consume()
	return f
}

// Push sends holding f.mu; consume receives first and locks after.
func (f *Feed) Push(i int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.items <- i
}

func (f *Feed) consume() {
	for i := range f.items {
		f.mu.Lock()
		f.n += i
		f.mu.Unlock()
	}
}
