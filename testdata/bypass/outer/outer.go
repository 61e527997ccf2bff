// Package outer: a helper type whose values never leave the package, kept
// by a struct and used only under that struct's lock. Its unlocked
// methods are reached only from inside the outer lock, which serialises
// them with its locked writer.
package outer

import "sync"

// Stats is the exported owner; its mutex serialises every use of its
// queues.
//
// It is safe for concurrent use.
type Stats struct {
	sync.Mutex
	recv queue
	sent queue
}

// queue is safe for concurrent use.
type queue struct {
	rwl   sync.RWMutex
	items []int
	size  int
	total int
}

// Len and ReqSize read without q.rwl: only Stats.Sizes calls them, under
// the Stats lock that every writer of the queue holds too.
func (q *queue) Len() int     { return q.size }
func (q *queue) ReqSize() int { return q.total }

func (q *queue) Insert(n int) {
	q.rwl.Lock()
	defer q.rwl.Unlock()
	q.items = append(q.items, n)
	q.size++
	q.total += n
}

func (q *queue) Clear() {
	q.rwl.Lock()
	defer q.rwl.Unlock()
	q.items, q.size, q.total = nil, 0, 0
}

func (s *Stats) Recv(n int) {
	s.Lock()
	defer s.Unlock()
	s.recv.Insert(n)
}

func (s *Stats) Send(n int) {
	s.Lock()
	defer s.Unlock()
	s.sent.Insert(n)
}

func (s *Stats) Reset() {
	s.Lock()
	defer s.Unlock()
	s.recv.Clear()
	s.sent.Clear()
}

func (s *Stats) Sizes() (int, int) {
	s.Lock()
	defer s.Unlock()
	return s.recv.Len(), s.sent.ReqSize()
}

// Queue is the same helper, exported: anyone can call its Len while
// another goroutine Inserts.
//
// It is safe for concurrent use.
type Queue struct {
	rwl   sync.RWMutex
	items []int
	size  int
}

func (q *Queue) Len() int { return q.size } // want `latent: Len reads q\.size without holding q\.rwl`

func (q *Queue) Insert(n int) {
	q.rwl.Lock()
	defer q.rwl.Unlock()
	q.items = append(q.items, n)
	q.size++
}

func (q *Queue) Clear() {
	q.rwl.Lock()
	defer q.rwl.Unlock()
	q.items, q.size = nil, 0
}

// Leaked is unexported, but NewLeaked hands it out: its methods are
// entries.
//
// It is safe for concurrent use.
type leaked struct {
	mu sync.Mutex
	n  int
}

func NewLeaked() *leaked { return &leaked{} }

func (l *leaked) N() int { return l.n } // want `latent: N reads l\.n without holding l\.mu`

func (l *leaked) Inc() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n++
}

func (l *leaked) Dec() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.n--
}
