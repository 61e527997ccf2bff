// Package permits: a counting semaphore guards only when it admits one
// holder. One with permits to spare limits how many run at once; what
// its holders touch, they may touch at the same time, so it guards
// nothing, and holding it is no fix for a use without it.
package permits

import (
	"context"
	"os"
	"path/filepath"

	"golang.org/x/sync/semaphore"
)

// ioLimit lets 128 reads and writes of the cache run at once. lastDir
// is written by Get and Put while they hold a permit, and read by
// Report without one: the semaphore is no guard of it. Not reported.
var (
	ioLimit = make(chan struct{}, 128)
	lastDir string
)

func Get(dir, name string) ([]byte, error) {
	ioLimit <- struct{}{}
	defer func() { <-ioLimit }()
	lastDir = dir
	return os.ReadFile(filepath.Join(dir, name))
}

func Put(dir, name string, data []byte) error {
	ioLimit <- struct{}{}
	defer func() { <-ioLimit }()
	lastDir = dir
	return os.WriteFile(filepath.Join(dir, name), data, 0o600)
}

func Report() string { return lastDir }

// writeLock admits one writer: it is a mutex, and Last reads without it
// what it guards.
var (
	writeLock = make(chan struct{}, 1)
	lastFile  string
)

func Save(name string, data []byte) error {
	writeLock <- struct{}{}
	defer func() { <-writeLock }()
	lastFile = name
	return os.WriteFile(name, data, 0o600)
}

func Remove(name string) error {
	writeLock <- struct{}{}
	defer func() { <-writeLock }()
	lastFile = ""
	return os.Remove(name)
}

func Last() string { return lastFile } // want `^latent: Last reads lastFile without holding writeLock, which guards it in Save, Remove`

// A Pool's semaphore admits four workers at once: not a guard of
// started, which they count without a lock of their own (a race among
// themselves, but not one holding sem would fix). Not reported.
//
// A Pool is safe for concurrent use.
type Pool struct {
	sem     *semaphore.Weighted
	started int
}

func NewPool() *Pool { return &Pool{sem: semaphore.NewWeighted(4)} }

func (p *Pool) Run(ctx context.Context, f func()) error {
	if err := p.sem.Acquire(ctx, 1); err != nil {
		return err
	}
	defer p.sem.Release(1)
	p.started++
	f()
	return nil
}

func (p *Pool) Try(f func()) bool {
	if !p.sem.TryAcquire(1) {
		return false
	}
	defer p.sem.Release(1)
	p.started++
	f()
	return true
}

func (p *Pool) Started() int { return p.started }

// A Serial pool admits one worker at a time: its semaphore is its lock.
// (Fields of one name that the package gives different permits, such as
// two fields sem of 4 and 1, are taken to admit more than one.)
//
// A Serial is safe for concurrent use.
type Serial struct {
	turn    *semaphore.Weighted
	started int
}

func NewSerial() *Serial { return &Serial{turn: semaphore.NewWeighted(1)} }

func (s *Serial) Run(ctx context.Context, f func()) error {
	if err := s.turn.Acquire(ctx, 1); err != nil {
		return err
	}
	defer s.turn.Release(1)
	s.started++
	f()
	return nil
}

func (s *Serial) Try(f func()) bool {
	if !s.turn.TryAcquire(1) {
		return false
	}
	defer s.turn.Release(1)
	s.started++
	f()
	return true
}

func (s *Serial) Started() int { return s.started } // want `^latent: Started reads s\.started without holding s\.turn`
