// Package handoff: Go's locks have no owner. A function that hands its
// lock's release to someone else (mu.Unlock as a hook, a callback that
// unlocks) and then locks again waits for that call: it does not block
// for ever. Without the hand-off, or with a release it only calls
// itself, the second Lock is a self-deadlock.
package handoff

import "sync"

type Listener struct {
	ready func()
}

// OnReady keeps f and calls it from the listener's goroutine once the
// listener is up.
func (l *Listener) OnReady(f func()) {
	l.ready = f
	go l.run()
}

func (l *Listener) run() { l.ready() }

type Server struct {
	mu      sync.Mutex
	up      bool
	release func()
}

// Start locks, gives the listener the unlock, and locks again: the
// second Lock returns once the listener has called s.mu.Unlock.
func (s *Server) Start(l *Listener) {
	s.mu.Lock()
	l.OnReady(s.mu.Unlock)
	s.mu.Lock()
	s.up = true
	s.mu.Unlock()
}

// StartHook does the same with a literal kept in a field.
func (s *Server) StartHook(l *Listener) {
	s.mu.Lock()
	s.release = func() { s.mu.Unlock() }
	l.OnReady(s.release)
	s.mu.Lock()
	s.up = true
	s.mu.Unlock()
}

// Restart has no one to hand the lock to: its second Lock waits for an
// Unlock nothing will make.
func (s *Server) Restart() {
	s.mu.Lock()
	s.mu.Lock() // want `certain: s\.mu\.Lock while s\.mu is already held on this path`
	s.up = true
	s.mu.Unlock()
}

// Later makes the unlock a value but calls it itself, after the second
// Lock: nothing else can release the lock meanwhile.
func (s *Server) Later() {
	s.mu.Lock()
	unlock := s.mu.Unlock
	s.mu.Lock() // want `certain: s\.mu\.Lock while s\.mu is already held on this path`
	s.up = true
	unlock()
}

// After hands the unlock on only after the second Lock, which waits for
// an Unlock nobody can make yet.
func (s *Server) After(l *Listener) {
	s.mu.Lock()
	s.mu.Lock() // want `certain: s\.mu\.Lock while s\.mu is already held on this path`
	l.OnReady(s.mu.Unlock)
}

// Relay's goroutine locks twice: its second Lock waits for the Unlock
// its starter makes once the goroutine has said it holds the lock (a
// lock used as a signal between two goroutines).
func Relay() {
	var mu sync.Mutex
	locked := make(chan bool)
	go func() {
		mu.Lock()
		locked <- true
		mu.Lock()
		mu.Unlock()
	}()
	<-locked
	mu.Unlock()
}

// Alone's starter unlocks only before it starts the goroutine: nothing
// can release the goroutine's first Lock.
func Alone() {
	var mu sync.Mutex
	mu.Lock()
	mu.Unlock()
	go func() {
		mu.Lock()
		mu.Lock() // want `certain: mu\.Lock while mu is already held on this path`
		mu.Unlock()
	}()
}

// A key source: New keeps the func it is given and calls it once it
// runs, to get a channel of keys.
type Source struct {
	keys func() <-chan int
}

func NewSource(keys func() <-chan int) *Source { return &Source{keys: keys} }

// Keys locks a local mutex and hands on a func whose goroutine, the
// feeder, unlocks it once every key is sent: the second Lock waits for
// the feeder to finish, as a signal, and does not block for ever.
func Keys(all []int) *Source {
	var fed sync.Mutex
	fed.Lock()
	src := NewSource(func() <-chan int {
		ch := make(chan int)
		go func() {
			defer fed.Unlock()
			defer close(ch)
			for _, k := range all {
				ch <- k
			}
		}()
		return ch
	})
	fed.Lock()
	return src
}

// Feed's func starts a feeder that never unlocks: nothing else can
// release the lock, and its second Lock blocks for ever.
func Feed(all []int) *Source {
	var fed sync.Mutex
	fed.Lock()
	src := NewSource(func() <-chan int {
		ch := make(chan int)
		go func() {
			defer close(ch)
			for _, k := range all {
				ch <- k
			}
		}()
		return ch
	})
	fed.Lock() // want `certain: fed\.Lock while fed is already held on this path`
	return src
}

// Serial's func takes fed itself before its feeder starts, and the
// feeder gives back that Lock, not Serial's first: nothing releases it,
// and the second Lock blocks for ever.
func Serial(all []int) *Source {
	var fed sync.Mutex
	fed.Lock()
	src := NewSource(func() <-chan int {
		fed.Lock()
		ch := make(chan int)
		go func() {
			defer fed.Unlock()
			defer close(ch)
			for _, k := range all {
				ch <- k
			}
		}()
		return ch
	})
	fed.Lock() // want `certain: fed\.Lock while fed is already held on this path`
	return src
}

// A Feeder's feed starts a goroutine that unlocks the feeder's lock;
// Start hands the method value on: the second Lock waits for it.
type Feeder struct {
	mu  sync.Mutex
	all []int
}

func (f *Feeder) feed() <-chan int {
	ch := make(chan int)
	go func() {
		defer f.mu.Unlock()
		defer close(ch)
		for _, k := range f.all {
			ch <- k
		}
	}()
	return ch
}

func (f *Feeder) Start() *Source {
	f.mu.Lock()
	src := NewSource(f.feed)
	f.mu.Lock()
	return src
}

// feedHeld's feeder gives back the lock feedHeld's callers hold.
//
//gatevet:holds f.mu
func (f *Feeder) feedHeld() <-chan int {
	ch := make(chan int)
	go func() {
		defer f.mu.Unlock()
		defer close(ch)
		for _, k := range f.all {
			ch <- k
		}
	}()
	return ch
}

// StartHeld hands on feedHeld, whose feeder gives back StartHeld's
// lock: the second Lock waits for it.
func (f *Feeder) StartHeld() *Source {
	f.mu.Lock()
	src := NewSource(f.feedHeld)
	f.mu.Lock()
	return src
}

// A generic feeder hands on its method value the same way.
type GenFeeder[T any] struct {
	mu  sync.Mutex
	all []T
}

func (f *GenFeeder[T]) feed() <-chan T {
	ch := make(chan T)
	go func() {
		defer f.mu.Unlock()
		defer close(ch)
		for _, k := range f.all {
			ch <- k
		}
	}()
	return ch
}

func StartInts(f *GenFeeder[int]) func() <-chan int {
	f.mu.Lock()
	next := keep(f.feed)
	f.mu.Lock()
	return next
}

var kept []any

func keep(f func() <-chan int) func() <-chan int {
	kept = append(kept, f)
	return f
}
