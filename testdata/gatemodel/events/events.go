// Package events checks that each gate operation is recognised with its
// kind, mode and blocking, and named by its identity.
package events

import (
	"context"
	"sync"

	"golang.org/x/sync/semaphore"
)

type S struct {
	mu    sync.Mutex
	rw    sync.RWMutex
	sem   *semaphore.Weighted
	slots chan struct{}
	inner *S
}

var global sync.Mutex

func (s *S) Kinds(ctx context.Context, l sync.Locker) {
	s.mu.Lock() // want `acquire s\.mu sync\.Mutex exclusive blocking key=p0/mu`
	s.mu.Unlock()
	s.mu.TryLock() // want `acquire s\.mu sync\.Mutex exclusive try key=p0/mu`
	s.rw.RLock()   // want `acquire s\.rw sync\.RWMutex shared blocking key=p0/rw`
	s.rw.RUnlock()
	if s.rw.TryRLock() { // want `acquire s\.rw sync\.RWMutex shared try`
		s.rw.RUnlock()
	}
	_ = s.sem.Acquire(ctx, 1) // want `acquire s\.sem semaphore\.Weighted exclusive blocking key=p0/sem/\*`
	s.sem.Release(1)
	if s.sem.TryAcquire(1) { // want `acquire s\.sem semaphore\.Weighted exclusive try`
		s.sem.Release(1)
	}
	l.Lock() // want `acquire l sync\.Locker exclusive blocking key=p2`
	l.Unlock()
	global.Lock() // want `acquire global sync\.Mutex exclusive blocking key=g:example\.com/gatemodel/events\.global`
	global.Unlock()
	s.inner.mu.Lock() // want `acquire s\.inner\.mu sync\.Mutex exclusive blocking key=p0/inner/\*/mu`
	s.inner.mu.Unlock()
}

func (s *S) Channel() {
	s.slots <- struct{}{} // want `acquire s\.slots channel semaphore exclusive blocking key=p0/slots/\*`
	defer func() { <-s.slots }()
}

func (s *S) SelectSlot(ctx context.Context) {
	select {
	case s.slots <- struct{}{}: // want `acquire s\.slots channel semaphore exclusive blocking`
		<-s.slots
	case <-ctx.Done():
	}
	select {
	case s.slots <- struct{}{}: // want `acquire s\.slots channel semaphore exclusive try`
		<-s.slots
	default:
	}
}

// Identity: a copied struct's mutex is a local of its own.
func (s S) ValueRecv() {
	s.mu.Lock() // want `acquire s\.mu sync\.Mutex exclusive blocking key=l0/mu`
	s.mu.Unlock()
}

// Captured variables are the caller's: a closure names them by free var.
func (s *S) Captured() {
	go func() {
		s.mu.Lock() // want `acquire s\.mu sync\.Mutex exclusive blocking key=f0/\*/mu`
		s.mu.Unlock()
	}()
}

// Not gates: an unbuffered signalling channel, a WaitGroup.
func NotGates(done chan int, wg *sync.WaitGroup) {
	done <- 1
	wg.Add(1)
	wg.Wait()
	<-done
}
