package basic

import (
	"context"
	"errors"
)

type Limiter struct {
	slots chan struct{}
}

func NewLimiter(n int) *Limiter { return &Limiter{slots: make(chan struct{}, n)} }

func (l *Limiter) Do(f func()) {
	l.slots <- struct{}{}
	defer func() { <-l.slots }()
	f()
}

func (l *Limiter) DoTwice(f func()) {
	l.slots <- struct{}{}
	defer func() { <-l.slots }()
	l.Do(f) // want `call to \(\*Limiter\)\.Do acquires l\.slots \(l\.slots <- at chansem\.go:15\) while it is already held .*the second slot deadlocks at once when the channel holds one; with more slots, once every other slot is taken by holders that wait too`
}

func (l *Limiter) Sequential(f func()) {
	l.Do(f)
	l.Do(f)
}

// Pre-filled tokens: receiving takes a slot.
var tokens = func() chan struct{} {
	c := make(chan struct{}, 2)
	c <- struct{}{}
	c <- struct{}{}
	return c
}()

func WithToken(f func()) {
	<-tokens
	defer func() { tokens <- struct{}{} }()
	f()
}

func WithTokenNested(f func()) {
	<-tokens
	defer func() { tokens <- struct{}{} }()
	<-tokens // want `<-tokens while tokens is already held`
	tokens <- struct{}{}
	f()
}

// A select that gives up on cancellation holds the slot only on the
// branch that won it.
func (l *Limiter) DoCtx(ctx context.Context, f func()) error {
	select {
	case l.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-l.slots }()
	f()
	return nil
}

func (l *Limiter) DoCtxNested(ctx context.Context, f func()) error {
	select {
	case l.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-l.slots }()
	return l.DoCtx(ctx, f) // want `call to \(\*Limiter\)\.DoCtx acquires l\.slots`
}

// Loop with hand-off: each worker frees its own slot.
func (l *Limiter) Spawn(fs []func()) {
	for _, f := range fs {
		l.slots <- struct{}{}
		go func() {
			defer func() { <-l.slots }()
			f()
		}()
	}
}

// Plain signalling channels are not semaphores.
func PingPong(ch chan int) int {
	ch <- 1
	ch <- 2
	return <-ch + <-ch
}

// A buffered token channel used without defers: the send that comes
// first on every path takes the slot.
var serial = make(chan struct{}, 1)

func Serial(f func()) {
	serial <- struct{}{}
	f()
	<-serial
}

func SerialNested(f func()) {
	serial <- struct{}{}
	Serial(f) // want `call to Serial acquires serial \(serial <- at chansem\.go:\d+\) while it is already held`
	<-serial
}

// An unbuffered handshake is not a semaphore, however it is shaped.
var handshake = make(chan struct{})

func Handshake() {
	go func() {
		<-handshake
		handshake <- struct{}{}
	}()
	handshake <- struct{}{}
	<-handshake
	handshake <- struct{}{}
	<-handshake
}

// An acquire helper that holds the slot only when it returns nil.
func (l *Limiter) Acquire(ctx context.Context) error {
	select {
	case l.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (l *Limiter) Release() { <-l.slots }

func (l *Limiter) TwoSlots(ctx context.Context) error {
	if err := l.Acquire(ctx); err != nil {
		return err
	}
	defer l.Release()
	return l.Acquire(ctx) // want `call to \(\*Limiter\)\.Acquire acquires l\.slots .*permit acquired through \(\*Limiter\)\.Acquire`
}

// On the error branch nothing is held: trying again is fine.
func (l *Limiter) Retry(ctx context.Context) error {
	if err := l.Acquire(ctx); err != nil {
		if err := l.Acquire(context.Background()); err != nil {
			return err
		}
	}
	l.Release()
	return nil
}

// LevelDB's write lock is a one-slot channel. Once read-only, it holds the
// slot for good, and its error goroutine keeps offering ErrReadOnly on
// errC: a writer's select takes that case and returns (goleveldb's
// SetReadOnly, then Put).
type LevelDB struct {
	writeLock chan struct{}
	errC      chan error
	closeC    chan struct{}
}

var ErrReadOnly = errors.New("read-only")

// OpenLevelDB starts the goroutine that offers the store's error.
func OpenLevelDB() *LevelDB {
	s := &LevelDB{writeLock: make(chan struct{}, 1), errC: make(chan error), closeC: make(chan struct{})}
	go func() {
		for {
			select {
			case s.errC <- ErrReadOnly:
			case <-s.closeC:
				return
			}
		}
	}()
	return s
}

// Put writes, unless the store is read-only or closed.
func (s *LevelDB) Put() error {
	select {
	case s.writeLock <- struct{}{}:
	case err := <-s.errC:
		return err
	case <-s.closeC:
		return errors.New("closed")
	}
	defer func() { <-s.writeLock }()
	return nil
}

// Close stops the store.
func (s *LevelDB) Close() { close(s.closeC) }

// ReadOnlyPut takes the write lock and writes: Put's select returns the
// offered error.
func (s *LevelDB) ReadOnlyPut() error {
	s.writeLock <- struct{}{}
	return s.Put()
}

// putOrQuit waits for the write lock or for the store to close.
func (s *LevelDB) putOrQuit() error {
	select {
	case s.writeLock <- struct{}{}:
	case <-s.closeC:
		return errors.New("closed")
	}
	defer func() { <-s.writeLock }()
	return nil
}

// NestedPut is the twin whose inner select can only give up: it waits
// for a Close that may never come.
func (s *LevelDB) NestedPut() error {
	s.writeLock <- struct{}{}
	defer func() { <-s.writeLock }()
	return s.putOrQuit() // want `call to \(\*LevelDB\)\.putOrQuit acquires s\.writeLock`
}

// A caller that frees the slot itself holds it between: its second
// reservation waits for its own release, and with one slot blocks
// forever.
type Pool struct{ slots chan struct{} }

func NewPool(n int) *Pool { return &Pool{slots: make(chan struct{}, n)} }

func (p *Pool) Reserve() error {
	p.slots <- struct{}{}
	if err := p.check(); err != nil {
		<-p.slots
		return err
	}
	return nil
}

func (p *Pool) check() error { return nil }

func (p *Pool) Free() { <-p.slots }

func (p *Pool) ReserveTwice() error {
	if err := p.Reserve(); err != nil {
		return err
	}
	defer p.Free()
	return p.Reserve() // want `^latent: call to \(\*Pool\)\.Reserve acquires p\.slots .*while it is already held`
}
