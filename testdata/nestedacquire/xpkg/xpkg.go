// Package xpkg holds cross-package cases: summaries reach it as facts.
package xpkg

import (
	"context"

	"example.com/nested/lib"
)

// RegisterTwice holds lib.Mu when lib.Register locks it again: it blocks
// forever.
func RegisterTwice(name string) {
	lib.Mu.Lock()
	defer lib.Mu.Unlock()
	lib.Register(name) // want `call to lib\.Register acquires lib\.Mu \(Mu\.Lock at lib\.go:19\) while it is already held on this path \(locked at xpkg\.go:13\)`
}

func RegisterBatch(names []string) {
	lib.Mu.Lock()
	defer lib.Mu.Unlock()
	for _, n := range names {
		lib.RegisterLocked(n)
	}
}

func RegisterEach(names []string) {
	for _, n := range names {
		lib.Register(n)
	}
}

func Nested(ctx context.Context) error {
	return lib.Use(ctx, func() {
		_ = lib.Use(ctx, func() {}) // the closure runs under the permit, but is passed, not called in place: silent
	})
}

func UseUnder(ctx context.Context) error {
	if err := lib.Device.Acquire(ctx, 1); err != nil {
		return err
	}
	defer lib.Device.Release(1)
	return lib.Use(ctx, func() {}) // want `call to lib\.Use acquires lib\.Device`
}

// Batch holds p.mu through Pool.Lock and calls Get, which locks it again.
func Batch(p *lib.Pool) int {
	p.Lock()
	defer p.Unlock()
	return p.Get() // want `call to \(\*lib\.Pool\)\.Get acquires p\.mu .*locked through \(\*lib\.Pool\)\.Lock`
}

func TwoPools(a, b *lib.Pool) int {
	a.Lock()
	defer a.Unlock()
	return b.Get()
}

func SlotsTwice(s *lib.Slots, f func()) {
	s.Enter()
	defer s.Leave()
	s.Run(f) // want `call to \(\*lib\.Slots\)\.Run acquires s\.C`
}

func SlotsInOrder(s *lib.Slots, f func()) {
	s.Enter()
	f()
	s.Leave()
	s.Run(f)
}

// RegisterAndNotify runs lib's hooks holding lib.Mu: a hook that
// registers another blocks on it forever.
func RegisterAndNotify(name string) {
	lib.Mu.Lock()
	defer lib.Mu.Unlock()
	lib.RegisterLocked(name)
	lib.Changed() // want `^certain: call to lib\.Changed while lib\.Mu is held on this path \(locked at xpkg\.go:\d+\): lib\.Changed must not be called with lib\.Mu held \(its //gatevet:excludes contract\); release lib\.Mu before the call$`
}

// RegisterThenNotify lets go of lib.Mu first.
func RegisterThenNotify(name string) {
	lib.Mu.Lock()
	lib.RegisterLocked(name)
	lib.Mu.Unlock()
	lib.Changed()
}

// Pair opens two streams: the first open's backlog slot is the session's
// receive loop to free, not Pair's, so the second open holds nothing of
// Pair's and waits for the loop at most.
func Pair(s *lib.Session) (*lib.Stream, *lib.Stream, error) {
	a, err := s.Open()
	if err != nil {
		return nil, nil, err
	}
	b, err := s.Open()
	return a, b, err
}

// NoteAll calls lib.Note under lib.Mu: the acquire in lib's store is on
// a branch no call of it takes with lock false, and lib.Note's fact
// carries none.
func NoteAll(names []string) {
	lib.Mu.Lock()
	defer lib.Mu.Unlock()
	for _, n := range names {
		lib.Note(n)
	}
}

// RecordAll calls lib.Record under lib.Mu: Record locks it again, and
// the first call blocks forever.
func RecordAll(names []string) {
	lib.Mu.Lock()
	defer lib.Mu.Unlock()
	for _, n := range names {
		lib.Record(n) // want `call to lib\.Record acquires lib\.Mu`
	}
}

// ParkUnder holds lib.Mu across lib.Park, whose acquires of it sit on
// branches lib's own values rule out (a map every construction makes, a
// limit that is 0 on this build): no fact carries them here.
func ParkUnder(c int) {
	lib.Mu.Lock()
	defer lib.Mu.Unlock()
	lib.Park(c)
}

// ParkSizedUnder holds lib.Mu across lib.ParkSized, which takes it
// whenever c is past the limit a caller set with lib.SetLimit: then
// the second Lock blocks forever.
func ParkSizedUnder(c int) {
	lib.Mu.Lock()
	defer lib.Mu.Unlock()
	lib.ParkSized(c) // want `latent: call to lib\.ParkSized can acquire lib\.Mu`
}

// SpareUnder holds lib.Mu across lib.Spare, whose blank pool registers
// under lib.Mu on its first use: the second Lock blocks forever.
func SpareUnder(c int) {
	lib.Mu.Lock()
	defer lib.Mu.Unlock()
	lib.Spare(c, false) // want `latent: call to lib\.Spare can acquire lib\.Mu`
}
