// Package also: a meter, safe for concurrent use, whose String reads two
// fields bare, one written under the lock by its setters, the other by a
// helper its run loop calls. The report names both, and the second
// field's writer is the helper, reached from the goroutine that runs it.
package also

import (
	"context"
	"fmt"
	"sync"
)

// A Meter is safe for concurrent use.
type Meter struct {
	mu      sync.Mutex
	rate    int
	backlog int
}

func (m *Meter) SetRate(r int) {
	m.mu.Lock()
	m.rate = r
	m.mu.Unlock()
}

func (m *Meter) Adjust(d int) {
	m.mu.Lock()
	m.rate += d
	m.mu.Unlock()
}

func (m *Meter) Scale(k int) {
	m.mu.Lock()
	m.rate *= k
	m.mu.Unlock()
}

func (m *Meter) Reset() {
	m.mu.Lock()
	m.rate = 0
	m.mu.Unlock()
	m.flush()
}

func (m *Meter) Drain() { m.flush() }

func (m *Meter) Run(ctx context.Context) {
	for ctx.Err() == nil {
		m.flush()
	}
}

func (m *Meter) flush() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.backlog = 0
}

func (m *Meter) String() string {
	return fmt.Sprint(m.rate, m.backlog) // want `latent: String reads m\.rate without holding m\.mu, .*; the same path also reads m\.backlog without m\.mu`
}

// Start runs a meter's loop.
func Start(ctx context.Context) *Meter {
	m := &Meter{}
	go m.Run(ctx)
	return m
}
