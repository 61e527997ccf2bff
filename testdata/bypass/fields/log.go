package fields

import "sync"

// Log's Size reads two fields without the lock that every writer of
// either holds: the report names both, the second after the first (a
// reader who finds the encoder's use harmless still sees the tail's).
//
// It is safe for concurrent use.
type Log struct {
	mu      sync.Mutex
	encoder *encoder
	tail    []int
}

type encoder struct{ n int }

func NewLog() *Log { return &Log{encoder: &encoder{}} }

func (l *Log) Cut() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.encoder = &encoder{n: len(l.tail)}
}

func (l *Log) Reopen() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.encoder = &encoder{}
}

func (l *Log) Release(n int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.tail = l.tail[n:]
}

func (l *Log) Append(v int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.tail = append(l.tail, v)
}

func (l *Log) Size() int {
	e := l.encoder // want `Size reads l\.encoder without holding l\.mu, which guards it in Cut, Reopen: Log's doc says "It is safe for concurrent use\.", so when one of them runs on another goroutine meanwhile, this path races with it; the same path also reads l\.tail without l\.mu; hold l\.mu around the use`
	return e.n + len(l.tail)
}
