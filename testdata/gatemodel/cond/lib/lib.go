// Package lib exports, as StallFacts, the functions without a context
// that may block in a Cond Wait, for example.com/gatemodel/cond/user.
package lib

import "sync"

type Pool struct {
	mu     sync.Mutex
	cond   *sync.Cond
	free   int
	closed bool
}

// Get waits for a free slot with no way out.
func (p *Pool) Get() { // want `^blocks: \[\(\*sync\.Cond\)\.Wait\]$`
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.free == 0 {
		p.cond.Wait() // want `^wait: loop$`
	}
	p.free--
}

// GetOrClosed leaves once the pool is closed.
func (p *Pool) GetOrClosed() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.free == 0 && !p.closed {
		p.cond.Wait() // want `^wait: loop wayout$`
	}
	return !p.closed
}

func (p *Pool) Close() {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
	p.cond.Broadcast()
}

// Take blocks in Get.
func Take(p *Pool) { // want `^blocks: \[\(\*Pool\)\.Get \(\*sync\.Cond\)\.Wait\]$`
	p.Get() // want `^blocking call: \(\*Pool\)\.Get$`
}
