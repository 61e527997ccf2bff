package server

import (
	"sync"
	"testing"
)

// The test pokes at the server under s.y, then calls into code that
// takes s.x: against One's order (s.x, then s.y), but at a moment the
// test chooses. Not reported: orders are compared within production
// code and within test code.
func TestPoke(t *testing.T) {
	s := &Server{}
	s.y.Lock()
	s.x.Lock()
	s.x.Unlock()
	s.y.Unlock()
}

// Two goroutines of a test that take a and b in opposite orders do
// deadlock.
func TestPair(t *testing.T) {
	p := &pair{}
	done := make(chan bool)
	go func() {
		p.a.Lock()
		p.b.Lock() // want `latent: p\.b is acquired while holding p\.a`
		p.b.Unlock()
		p.a.Unlock()
		done <- true
	}()
	p.b.Lock()
	p.a.Lock() // want `latent: p\.a is acquired while holding p\.b`
	p.a.Unlock()
	p.b.Unlock()
	<-done
}

type pair struct{ a, b sync.Mutex }
