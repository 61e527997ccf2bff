package kinds

import (
	"context"
	"sync"
)

// Meter's goroutine runs a closure that track made, which captured a
// count of track's own: the goroutine's values include one its starter
// cannot name.
type Meter struct {
	mu sync.Mutex
	n  int
}

func (m *Meter) track(done chan struct{}) func() {
	before := m.n
	return func() {
		m.n = before + 1
		close(done)
	}
}

// Run lets the lock go when ctx is done while the goroutine, which
// writes m.n, may still run: the next holder of m.mu runs beside that
// write.
func (m *Meter) Run(ctx context.Context) {
	done := make(chan struct{})
	m.mu.Lock()
	go m.track(done)()
	select {
	case <-ctx.Done():
		m.mu.Unlock() // want `certain: m\.mu is released here, on the ctx\.Done\(\) branch, while the goroutine started at made\.go:30 \(a func literal\) may still run`
	case <-done:
		m.mu.Unlock()
	}
}
