package lazy

import "sync"

// enabled is process-wide: a flush that panics turns telemetry off for
// the whole process.
var enabled = true

// Ticked is what a ticker is handed each flush.
type Ticked interface {
	Flush()
	Count(name string)
	Disable()
}

// ticking calls its tickers with their list locked, handing itself
// over as a Ticked: a ticker may call its methods back, but not
// Flush, which takes the list's lock again (it would wait forever), so
// Flush's write of enabled is never made under a ticking's lock.
type ticking struct {
	tickersMu sync.Mutex
	tickers   []func(Ticked)
	counts    map[string]int
}

func NewReporter() Ticked { return &ticking{counts: make(map[string]int)} }

func (r *ticking) AddTicker(f func(Ticked)) {
	r.tickersMu.Lock()
	defer r.tickersMu.Unlock()
	r.tickers = append(r.tickers, f)
}

func (r *ticking) callTickers() {
	r.tickersMu.Lock()
	defer r.tickersMu.Unlock()
	for _, f := range r.tickers {
		f(r)
	}
}

func (r *ticking) Flush() {
	defer func() {
		if recover() != nil {
			enabled = false
		}
	}()
	r.callTickers()
}

func (r *ticking) Count(name string) { r.counts[name]++ }

func (r *ticking) Disable() {}

// A sink calls its hooks the same way, but a hook may call Disable,
// which writes enabled without the sink's lock: two sinks' hooks write
// it at once under two gates.
type sink struct {
	hooksMu sync.Mutex // want `sink\.hooksMu is a per-instance gate, but its critical sections use enabled`
	hooks   []func(Sink)
}

type Sink interface {
	Disable()
	Emit()
}

func NewSink() Sink { return &sink{} }

func (s *sink) Emit() {
	s.hooksMu.Lock()
	defer s.hooksMu.Unlock()
	for _, h := range s.hooks {
		h(s)
	}
}

func (s *sink) Disable() { enabled = false }

// flushes counts flushes process-wide.
var flushes int

// A beat calls its listeners with the list locked, handing itself on;
// its Flush counts the flush before it takes the list's lock: called
// back, the count is written under the caller's lock (and then the
// listener blocks), so it is a use under a beat's gate.
type beat struct {
	mu        sync.Mutex // want `beat\.mu is a per-instance gate, but its critical sections use flushes`
	listeners []func(Flusher)
	pending   []string
}

type Flusher interface{ Flush() }

func NewBeat() Flusher { return &beat{} }

func (b *beat) Tick() {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, f := range b.listeners {
		f(b)
	}
}

func (b *beat) Flush() {
	flushes++
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pending = nil
}

// A pulse's Flush locks through a helper that counts first: called
// back, the count is written under the caller's lock.
type pulse struct {
	mu        sync.Mutex // want `pulse\.mu is a per-instance gate, but its critical sections use flushes`
	listeners []func(Flusher)
	pending   []string
}

func NewPulse() Flusher { return &pulse{} }

func (p *pulse) Tick() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, f := range p.listeners {
		f(p)
	}
}

func (p *pulse) lockCounting() {
	flushes++
	p.mu.Lock()
}

func (p *pulse) Flush() {
	p.lockCounting()
	defer p.mu.Unlock()
	p.pending = nil
}
