package client

import "sync"

// Near twins of slotQuota (tokenflag.go) with the bookkeeping broken.

// A resizeReader can be given a new pool while it holds a slot of the
// old one: held stays set, and Release then waits, holding q.mu, on the
// new pool, where nothing of the reader's is buffered, for a send that
// loop makes only after taking q.mu.
type resizeQuota struct {
	mu    sync.Mutex
	held  bool
	slots chan bool
}

// Release after Resize waits forever holding q.mu.
func (q *resizeQuota) Release() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.held {
		<-q.slots // want `latent: <-q\.slots waits for \(\*resizeReader\)\.loop holding q\.mu`
		q.held = false
		return true
	}
	return false
}

func (q *resizeQuota) holding() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.held
}

type resizeReader struct {
	q    *resizeQuota
	stop chan struct{}
	work chan int
}

// Resize swaps in a new pool and leaves held as it was.
func (r *resizeReader) Resize(n int) {
	r.q.mu.Lock()
	r.q.slots = make(chan bool, n)
	r.q.mu.Unlock()
}

// NewResizeReader starts a reader on a pool of n slots.
func NewResizeReader(n int) *resizeReader {
	r := &resizeReader{q: &resizeQuota{slots: make(chan bool, n)}, stop: make(chan struct{}), work: make(chan int)}
	go r.loop()
	return r
}

func (r *resizeReader) loop() {
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

// A relockReader's Release lets go of q.mu between its test of held and
// its receive: a second Release (the loop's deferred one beside a
// user's) passes the test meanwhile, and the later of the two finds
// nothing of the reader's left and waits holding q.mu for a send that
// loop makes only after taking q.mu.
type relockQuota struct {
	mu    sync.Mutex
	held  bool
	slots chan bool
}

// Release drops q.mu to log between the test and the receive: two
// Releases at once both receive, and the second waits forever.
func (q *relockQuota) Release() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.held {
		q.mu.Unlock()
		logRelease()
		q.mu.Lock()
		<-q.slots // want `latent: <-q\.slots waits for \(\*relockReader\)\.loop holding q\.mu`
		q.held = false
		return true
	}
	return false
}

func (q *relockQuota) holding() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.held
}

type relockReader struct {
	q    *relockQuota
	stop chan struct{}
	work chan int
}

// NewRelockReader starts a reader on a pool of n slots.
func NewRelockReader(n int) *relockReader {
	r := &relockReader{q: &relockQuota{slots: make(chan bool, n)}, stop: make(chan struct{}), work: make(chan int)}
	go r.loop()
	return r
}

func (r *relockReader) loop() {
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

var logRelease = func() {}

// A stickyReader's Release stores true where it means false (a slip of
// copy and paste from loop): held stays set, a second Release receives
// again, finds nothing of the reader's left, and waits holding s.mu for
// a send that loop makes only after taking s.mu.
type stickyQuota struct {
	mu    sync.Mutex
	held  bool
	slots chan bool
}

// Release gives the slot back and sets held again: called twice, the
// second call waits forever holding s.mu.
func (s *stickyQuota) Release() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.held {
		<-s.slots // want `latent: <-s\.slots waits for \(\*stickyReader\)\.loop holding s\.mu`
		s.held = true
		return true
	}
	return false
}

func (s *stickyQuota) holding() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.held
}

type stickyReader struct {
	q    *stickyQuota
	stop chan struct{}
	work chan int
}

// NewStickyReader starts a reader on a pool of n slots.
func NewStickyReader(n int) *stickyReader {
	r := &stickyReader{q: &stickyQuota{slots: make(chan bool, n)}, stop: make(chan struct{}), work: make(chan int)}
	go r.loop()
	return r
}

func (r *stickyReader) loop() {
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
