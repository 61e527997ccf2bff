package fields

import (
	"sync"
	"time"
)

// Spinner is a progress bar whose own goroutine redraws it, as a
// terminal progress bar's spinner does: String's unlocked read races
// with that goroutine's write whatever the caller does, so the message
// names the goroutine first among the writers, before the methods a
// caller may only ever call from its own goroutine.
type Spinner struct {
	mu       sync.Mutex
	rendered string
	count    int
}

// NewSpinner starts the goroutine that redraws the bar every tick.
func NewSpinner() *Spinner {
	s := &Spinner{}
	go func() {
		for range time.Tick(time.Millisecond) {
			s.mu.Lock()
			s.render()
			s.mu.Unlock()
		}
	}()
	return s
}

func (s *Spinner) render() { s.rendered = "[" + string(rune('0'+s.count%10)) + "]" }

// Add counts n more and redraws.
func (s *Spinner) Add(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.count += n
	s.render()
}

// Reset starts over.
func (s *Spinner) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.count = 0
	s.render()
}

// Finish draws the last frame.
func (s *Spinner) Finish() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.render()
}

func (s *Spinner) String() string {
	return s.rendered // want `latent: String reads s.rendered without holding s.mu, which guards it in the goroutine NewSpinner starts, Add, Reset: `
}

// Meter's own goroutine reads the count without the lock that Add
// writes it under: the two run at once whenever a caller adds while
// the meter ticks.
type Meter struct {
	mu    sync.Mutex
	count int
	shown int
}

// NewMeter starts the goroutine that shows the count.
func NewMeter() *Meter {
	m := &Meter{}
	go func() { // want `latent: the goroutine NewMeter starts reads m.count through func literal in NewMeter → m.count without holding m.mu, which guards it in Add, Reset:`
		for range time.Tick(time.Millisecond) {
			n := m.count
			m.mu.Lock()
			m.shown = n
			m.mu.Unlock()
		}
	}()
	return m
}

// Add counts n more.
func (m *Meter) Add(n int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.count += n
}

// Reset starts the count over.
func (m *Meter) Reset() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.count = 0
}

// Shown returns what the meter shows.
func (m *Meter) Shown() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.shown
}

// Gauge counts its initial value on a goroutine it waits for: the
// goroutine ends before NewGauge returns, so no caller's Add meets it.
type Gauge struct {
	mu    sync.Mutex
	count int
}

// NewGauge starts from n, counted on a goroutine it waits for.
func NewGauge(n int) *Gauge {
	g := &Gauge{}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		g.count = n
	}()
	wg.Wait()
	return g
}

// Add counts n more.
func (g *Gauge) Add(n int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.count += n
}

// Reset starts the count over.
func (g *Gauge) Reset() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.count = 0
}
