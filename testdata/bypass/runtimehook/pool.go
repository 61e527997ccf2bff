// Package runtimehook holds a pool whose cleanup the runtime calls with
// the world stopped, through a function linked into the runtime: no
// goroutine of the program runs meanwhile, and the model, which cannot
// see when the runtime calls it, does not judge it.
package runtimehook

import (
	"sync"
	"time"
	_ "unsafe" // go:linkname
)

var (
	allPoolsMu sync.Mutex
	// allPools is the set of pools with cached items. Protected by
	// allPoolsMu, or by the world being stopped.
	allPools []*Pool
)

type Pool struct{ items []any }

func (p *Pool) clear() { p.items = p.items[:0] }

// Put caches x, registering the pool on its first item.
func (p *Pool) Put(x any) {
	p.register()
	p.items = append(p.items, x)
}

// Get takes an item, registering the pool as Put does.
func (p *Pool) Get() any {
	p.register()
	if len(p.items) == 0 {
		return nil
	}
	x := p.items[len(p.items)-1]
	p.items = p.items[:len(p.items)-1]
	return x
}

func (p *Pool) register() {
	allPoolsMu.Lock()
	defer allPoolsMu.Unlock()
	if len(p.items) == 0 {
		allPools = append(allPools, p)
	}
}

// poolCleanup runs at the start of each garbage collection, with the
// world stopped.
func poolCleanup() {
	for _, p := range allPools {
		p.clear()
	}
}

func init() {
	runtime_registerPoolCleanup(poolCleanup)
}

//go:linkname runtime_registerPoolCleanup sync.runtime_registerPoolCleanup
func runtime_registerPoolCleanup(cleanup func())

var (
	tickedMu sync.Mutex
	ticked   []*Pool
)

// Tick and Untick register the pool with a ticker that empties it.
func (p *Pool) Tick()   { p.tick() }
func (p *Pool) Untick() { p.tick() }

func (p *Pool) tick() {
	tickedMu.Lock()
	defer tickedMu.Unlock()
	ticked = append(ticked, p)
}

// tickCleanup is a cleanup that a ticker runs instead, on its own
// goroutine, while Tick runs on others: its reads race Tick's writes.
func tickCleanup() {
	for _, p := range ticked {
		p.clear()
	}
}

// StartCleaner runs tickCleanup every period.
func StartCleaner(period time.Duration) {
	go func() { // want `latent: the goroutine StartCleaner starts reads ticked through func literal in StartCleaner → tickCleanup → ticked without holding tickedMu`
		for range time.Tick(period) {
			tickCleanup()
		}
	}()
}

var (
	sweptMu sync.Mutex
	swept   []*Pool
)

// Sweep and Unsweep register the pool with a sweeper that empties it.
func (p *Pool) Sweep()   { p.sweep() }
func (p *Pool) Unsweep() { p.sweep() }

func (p *Pool) sweep() {
	sweptMu.Lock()
	defer sweptMu.Unlock()
	swept = append(swept, p)
}

// sweepAll is handed to a function written in assembly, not linked to
// the runtime: what it does with it is Go's business (a timer, a
// goroutine), so sweepAll runs beside Sweep and its read races.
func sweepAll() {
	for _, p := range swept { // want `latent: sweepAll reads swept without holding sweptMu`
		p.clear()
	}
}

func init() {
	every(time.Second, sweepAll)
}

// every runs f every d; it is implemented in assembly.
func every(d time.Duration, f func())
