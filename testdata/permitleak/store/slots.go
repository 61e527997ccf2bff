package store

import (
	"context"
	"sync"
	"sync/atomic"
)

// A fair semaphore: a slot goes to the waiter first in line. Release
// gives its slot back only when nobody waits; otherwise it hands the
// slot over on the waiter's ready channel and keeps it taken, so the
// waiter's receive brings it a slot it never sent for. Acquire's true
// returns hold a slot on every path, its false returns on none (the
// fast path gives back a slot it took after Close): the bool says
// which, and nothing leaks.
type FairSem struct {
	slots   chan struct{}
	closed  atomic.Bool
	mu      sync.Mutex
	waiters []*fairWaiter
}

type fairWaiter struct{ ready chan struct{} }

// Acquire takes a slot, or waits for one handed over; it reports
// whether it holds one.
func (s *FairSem) Acquire(ctx context.Context) bool {
	select {
	case s.slots <- struct{}{}:
		if s.closed.Load() {
			<-s.slots
			return false
		}
		return true
	default:
	}
	w := &fairWaiter{ready: make(chan struct{}, 1)}
	s.mu.Lock()
	s.waiters = append(s.waiters, w)
	s.mu.Unlock()
	select {
	case <-w.ready:
		return true // handed over
	case <-ctx.Done():
		s.mu.Lock()
		removed := s.remove(w)
		s.mu.Unlock()
		if removed {
			return false
		}
		<-w.ready // handed over as it gave up
		return true
	}
}

// Release hands the slot to the first waiter, or gives it back.
func (s *FairSem) Release() {
	s.mu.Lock()
	if len(s.waiters) > 0 {
		w := s.waiters[0]
		s.waiters = s.waiters[1:]
		s.mu.Unlock()
		w.ready <- struct{}{}
		return
	}
	s.mu.Unlock()
	<-s.slots
}

func (s *FairSem) remove(w *fairWaiter) bool {
	for i, x := range s.waiters {
		if x == w {
			s.waiters = append(s.waiters[:i], s.waiters[i+1:]...)
			return true
		}
	}
	return false
}

// The same semaphore whose Release gives the slot back and then wakes
// the waiter: the signal carries no slot, so the waiter's true return
// holds none where the fast path's holds one.
type LeakySem struct {
	slots   chan struct{}
	closed  atomic.Bool
	mu      sync.Mutex
	waiters []*fairWaiter
}

// Acquire's fast path returns holding a slot that its other true return
// does not hold: A holds the one slot, B waits, A's Release frees it and
// wakes B, C takes it on the fast path, and both B and C hold "the" slot;
// their two Releases take back two slots of one, and the second blocks
// for good.
func (s *LeakySem) Acquire(ctx context.Context) bool {
	select {
	case s.slots <- struct{}{}:
		if s.closed.Load() {
			<-s.slots
			return false
		}
		return true // want `certain: this return keeps s.slots \(channel semaphore\) held: it is released on the other paths`
	default:
	}
	w := &fairWaiter{ready: make(chan struct{}, 1)}
	s.mu.Lock()
	s.waiters = append(s.waiters, w)
	s.mu.Unlock()
	select {
	case <-w.ready:
		return true
	case <-ctx.Done():
		return false
	}
}

func (s *LeakySem) Release() {
	<-s.slots
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.waiters) > 0 {
		w := s.waiters[0]
		s.waiters = s.waiters[1:]
		w.ready <- struct{}{}
	}
}

// A scheduler whose acquirer forwards a slot it took to the waiter first
// in line, keeping it taken, and gives one back only when it finds
// nobody left to forward it to (it was removed from the list itself,
// and someone is about to hand it one): every true return holds a slot.
type Sched struct {
	slots   chan struct{}
	mu      sync.Mutex
	waiters []*schedHandle
}

type schedHandle struct{ sig chan struct{} }

// Get takes a slot for h; it reports whether it holds one.
func (s *Sched) Get(ctx context.Context, h *schedHandle) bool { return s.get(ctx, h) }

func (s *Sched) get(ctx context.Context, h *schedHandle) bool {
	select {
	default:
	case s.slots <- struct{}{}:
		return true
	}
	s.mu.Lock()
	s.waiters = append(s.waiters, h)
	s.mu.Unlock()
	for {
		select {
		case <-h.sig:
			return true
		case s.slots <- struct{}{}:
			s.mu.Lock()
			if len(s.waiters) == 0 {
				<-s.slots
				s.mu.Unlock()
				<-h.sig
				return true
			}
			w := s.waiters[0]
			s.waiters = s.waiters[1:]
			s.mu.Unlock()
			w.sig <- struct{}{}
		case <-ctx.Done():
			return false
		}
	}
}

// The same scheduler forwarding a wake-up after giving its slot back:
// the waiter's true return holds nothing.
type LeakySched struct {
	slots   chan struct{}
	mu      sync.Mutex
	waiters []*schedHandle
}

// Get reports a slot held when it was only woken.
func (s *LeakySched) Get(ctx context.Context, h *schedHandle) bool { return s.get(ctx, h) }

// get's fast path returns holding a slot, its woken path holding none:
// two holders of one slot, and the second Release blocks for good.
func (s *LeakySched) get(ctx context.Context, h *schedHandle) bool {
	select {
	default:
	case s.slots <- struct{}{}:
		return true // want `certain: this return keeps s.slots \(channel semaphore\) held: it is released on the other paths`
	}
	s.mu.Lock()
	s.waiters = append(s.waiters, h)
	s.mu.Unlock()
	for {
		select {
		case <-h.sig:
			return true
		case s.slots <- struct{}{}:
			<-s.slots
			s.mu.Lock()
			if len(s.waiters) == 0 {
				s.mu.Unlock()
				continue
			}
			w := s.waiters[0]
			s.waiters = s.waiters[1:]
			s.mu.Unlock()
			w.sig <- struct{}{}
		case <-ctx.Done():
			return false
		}
	}
}

func NewFairSem(n int) *FairSem       { return &FairSem{slots: make(chan struct{}, n)} }
func NewLeakySem(n int) *LeakySem     { return &LeakySem{slots: make(chan struct{}, n)} }
func NewSched(n int) *Sched           { return &Sched{slots: make(chan struct{}, n)} }
func NewLeakySched(n int) *LeakySched { return &LeakySched{slots: make(chan struct{}, n)} }

// A semaphore whose Release, in its branch for waiters, frees the slot
// and then wakes the first waiter: the signal carries no slot (a release
// on the way to the send), however the branches are ordered. The woken
// waiter and a fast-path acquirer both hold the one slot, and the
// second Release blocks for good.
type BranchSem struct {
	slots   chan struct{}
	closed  atomic.Bool
	mu      sync.Mutex
	waiters []*fairWaiter
}

func NewBranchSem(n int) *BranchSem { return &BranchSem{slots: make(chan struct{}, n)} }

// Acquire's fast path holds a slot its woken path does not.
func (s *BranchSem) Acquire(ctx context.Context) bool {
	select {
	case s.slots <- struct{}{}:
		if s.closed.Load() {
			<-s.slots
			return false
		}
		return true // want `certain: this return keeps s.slots \(channel semaphore\) held`
	default:
	}
	w := &fairWaiter{ready: make(chan struct{}, 1)}
	s.mu.Lock()
	s.waiters = append(s.waiters, w)
	s.mu.Unlock()
	select {
	case <-w.ready:
		return true
	case <-ctx.Done():
		return false
	}
}

func (s *BranchSem) Release() {
	s.mu.Lock()
	if len(s.waiters) > 0 {
		w := s.waiters[0]
		s.waiters = s.waiters[1:]
		s.mu.Unlock()
		<-s.slots
		w.ready <- struct{}{}
		return
	}
	s.mu.Unlock()
	<-s.slots
}

// A semaphore whose Release keeps its slot and closes a channel all the
// waiters share: a close wakes every waiter, and each returns true on
// the one slot.
type WakeAllSem struct {
	slots  chan struct{}
	closed atomic.Bool
	mu     sync.Mutex
	nwait  int
	wake   chan struct{}
}

func NewWakeAllSem(n int) *WakeAllSem {
	return &WakeAllSem{slots: make(chan struct{}, n), wake: make(chan struct{})}
}

// Acquire's fast path holds a slot; two woken waiters share one.
func (s *WakeAllSem) Acquire(ctx context.Context) bool {
	select {
	case s.slots <- struct{}{}:
		if s.closed.Load() {
			<-s.slots
			return false
		}
		return true // want `certain: this return keeps s.slots \(channel semaphore\) held`
	default:
	}
	s.mu.Lock()
	s.nwait++
	wake := s.wake
	s.mu.Unlock()
	select {
	case <-wake:
		return true
	case <-ctx.Done():
		return false
	}
}

func (s *WakeAllSem) Release() {
	s.mu.Lock()
	if s.nwait > 0 {
		s.nwait = 0
		close(s.wake)
		s.wake = make(chan struct{})
		s.mu.Unlock()
		return
	}
	s.mu.Unlock()
	<-s.slots
}

// A store whose write helper takes the lock and tells a watcher on ev: a
// lock is not handed along a channel, and begin keeps it for its caller.
// Next forgets the lock when closed, and the next Add blocks for good.
type EventStore struct {
	mu     sync.Mutex
	closed bool
	n      int
	ev     chan int
}

func (s *EventStore) begin() {
	s.mu.Lock()
	s.ev <- s.n
}

func (s *EventStore) end() { s.mu.Unlock() }

func (s *EventStore) Add(d int) {
	s.begin()
	s.n += d
	s.end()
}

// Next keeps mu when the store is closed.
func (s *EventStore) Next() int {
	s.mu.Lock()
	if s.closed {
		return -1 // want `certain: this return keeps s.mu \(sync.Mutex\) held`
	}
	s.mu.Unlock()
	return <-s.ev
}
