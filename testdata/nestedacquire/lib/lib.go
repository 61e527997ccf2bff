// Package lib exports gates and functions that acquire them; package
// xpkg calls them while holding the same gates.
package lib

import (
	"context"
	"sync"

	"golang.org/x/sync/semaphore"
)

// Mu guards the package's registry.
var Mu sync.Mutex

var registry = map[string]int{}

// Register takes Mu.
func Register(name string) {
	Mu.Lock()
	defer Mu.Unlock()
	registry[name]++
}

// RegisterLocked expects Mu held.
//
//gatevet:holds Mu
func RegisterLocked(name string) { registry[name]++ }

// Device is the process-wide device gate.
var Device = semaphore.NewWeighted(1)

// Use runs f on the device.
func Use(ctx context.Context, f func()) error {
	if err := Device.Acquire(ctx, 1); err != nil {
		return err
	}
	defer Device.Release(1)
	f()
	return nil
}

// Pool is guarded per instance.
type Pool struct {
	mu    sync.Mutex
	conns []int
}

// Get takes p.mu.
func (p *Pool) Get() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.get()
}

func (p *Pool) get() int {
	if len(p.conns) == 0 {
		return 0
	}
	return p.conns[0]
}

// Lock exposes p.mu for callers that batch.
func (p *Pool) Lock() { p.mu.Lock() }

// Unlock releases p.mu.
func (p *Pool) Unlock() { p.mu.Unlock() }

// Slots is a channel semaphore shared by importers.
type Slots struct {
	C chan struct{}
}

// Enter takes a slot.
func (s *Slots) Enter() { s.C <- struct{}{} }

// Leave gives it back.
func (s *Slots) Leave() { <-s.C }

// Run runs f in a slot.
func (s *Slots) Run(f func()) {
	s.C <- struct{}{}
	defer func() { <-s.C }()
	f()
}

var hooks []func()

// OnChange registers a hook that Changed runs.
func OnChange(h func()) {
	Mu.Lock()
	defer Mu.Unlock()
	hooks = append(hooks, h)
}

// Changed runs the hooks, which may register more: callers must not
// hold Mu.
//
//gatevet:excludes Mu
func Changed() {
	for _, h := range hooks {
		h()
	}
}

// A Session takes a slot of its backlog for each stream it opens, and
// its receive loop frees the slot when the peer acknowledges the stream,
// as a stream multiplexer bounds its unacknowledged opens. The backlog
// is the session's own: no caller can free a slot of it.
type Session struct {
	backlog chan struct{}
	acks    chan int
}

// Stream is an opened stream.
type Stream struct{ id int }

// NewSession starts the session's receive loop.
func NewSession(backlog int) *Session {
	s := &Session{backlog: make(chan struct{}, backlog), acks: make(chan int)}
	go s.recvLoop()
	return s
}

// Open opens a stream, holding a backlog slot until the peer acks it.
func (s *Session) Open() (*Stream, error) {
	s.backlog <- struct{}{}
	if err := s.send(); err != nil {
		<-s.backlog
		return nil, err
	}
	return &Stream{}, nil
}

func (s *Session) send() error { return nil }

func (s *Session) recvLoop() {
	for range s.acks {
		<-s.backlog
	}
}

// store takes Mu only when asked to: Note never asks, so the branch
// that locks is dead, and Note's fact carries no acquire of Mu; Record
// asks, and its fact does.
func store(name string, lock bool) {
	if lock {
		Mu.Lock()
		defer Mu.Unlock()
	}
	registry[name]++
}

// Note expects Mu held by its caller (the registry is written without
// it).
func Note(name string) { store(name, false) }

// Record takes Mu itself.
func Record(name string) { store(name, true) }

// idle keeps the entries a parked caller leaves, up to a limit the
// build chooses (maxIdle: 0 here, the runtime keeps none), and the
// callers it has seen, in a map every construction makes and nothing
// clears.
type idle struct {
	max  int
	seen map[int]bool
	list []int
}

const maxIdle = 0

func newIdle() *idle { return &idle{max: maxIdle, seen: make(map[int]bool)} }

var parked = newIdle()

// Park parks c. It would register the pool, taking Mu, only when the
// map is missing, and trim under Mu only when the limit is not zero:
// neither branch runs, so its fact carries no acquire of Mu.
func Park(c int) {
	if parked.seen == nil {
		Register("idle")
	}
	parked.seen[c] = true
	if parked.max != 0 && c > parked.max {
		Mu.Lock()
		parked.seen[0] = false
		Mu.Unlock()
	}
}

// limited keeps a limit its callers set: the trim under Mu runs
// whenever a caller is past it.
type limited struct {
	max  int
	seen map[int]bool
}

func newLimited() *limited { return &limited{seen: make(map[int]bool)} }

var held = newLimited()

// SetLimit sets the limit of ParkSized.
func SetLimit(n int) { held.max = n }

// ParkSized parks c and trims under Mu past the limit.
func ParkSized(c int) {
	held.seen[c] = true
	if held.max != 0 && c > held.max {
		Mu.Lock()
		held.seen[0] = false
		Mu.Unlock()
	}
}

// spare is made with its map by newSpare, but the package-level blank
// is made without it, in the package's initializer: its map is nil
// until Spare registers it, taking Mu.
type spare struct{ seen map[int]bool }

func newSpare() *spare { return &spare{seen: make(map[int]bool)} }

var (
	first = newSpare()
	blank = &spare{}
)

// Spare parks c in the first spare pool or the blank one; the blank one
// registers, under Mu, on its first use.
func Spare(c int, useFirst bool) {
	s := blank
	if useFirst {
		s = first
	}
	if s.seen == nil {
		Register("spare")
		s.seen = make(map[int]bool)
	}
	s.seen[c] = true
}
