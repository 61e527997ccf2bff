// Package loops: holds that a loop carries to its next iteration.
package loops

import "sync"

type Store struct {
	mu    sync.Mutex
	items map[string]int
}

// Deferred unlocks run at return, not at the end of an iteration: the
// second item blocks on the lock the first still holds.
func (s *Store) PutAll(keys []string) {
	for _, k := range keys {
		s.mu.Lock() // want `certain: s\.mu\.Lock while s\.mu is still held from the loop's previous iteration \(locked at loops\.go:15, and not released before the loop comes round\): the second iteration blocks`
		defer s.mu.Unlock()
		s.items[k]++
	}
}

// A continue that skips the unlock carries the lock round, and the next
// iteration's Lock blocks on it.
func (s *Store) Drop(keys []string) {
	for _, k := range keys {
		s.mu.Lock() // want `certain: s\.mu\.Lock while s\.mu is still held from the loop.s previous iteration \(locked at loops\.go:25; the continue at loops\.go:27 comes round without releasing it\): the second iteration blocks on the gate the first still holds; release s\.mu before that continue$`
		if s.items[k] == 0 {
			continue
		}
		delete(s.items, k)
		s.mu.Unlock()
	}
}

// A mock producer's input loop: the branch that reports a message sent
// out of a transaction continues after its report, still holding the
// lock.
func (s *Store) Produce(in <-chan string, errs chan<- string) {
	for k := range in {
		s.mu.Lock() // want `certain: s\.mu\.Lock while s\.mu is still held from the loop.s previous iteration \(locked at loops\.go:\d+; the continue at loops\.go:\d+ comes round without releasing it\)`
		if s.items[k] < 0 {
			errs <- "not in a transaction: " + k
			continue
		}
		s.mu.Unlock()
		s.items[k]++
	}
}

// The fix: a function per iteration, whose defer runs each time.
func (s *Store) PutEach(keys []string) {
	for _, k := range keys {
		func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			s.items[k]++
		}()
	}
}

// Lock and unlock in each iteration.
func (s *Store) Count(keys []string) int {
	n := 0
	for _, k := range keys {
		s.mu.Lock()
		n += s.items[k]
		s.mu.Unlock()
	}
	return n
}

// Locked once, under a flag the first iteration sets (grpc's interop
// server takes its ORCA lock this way): later iterations skip the Lock.
func (s *Store) Batch(keys []string) {
	locked := false
	for _, k := range keys {
		if !locked {
			s.mu.Lock()
			defer s.mu.Unlock()
			locked = true
		}
		s.items[k]++
	}
}

// Held before the loop, let go and taken back in each iteration.
func (s *Store) Wait(keys []string, work func(string)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, k := range keys {
		s.mu.Unlock()
		work(k)
		s.mu.Lock()
	}
}

// defer Lock written for defer Unlock: it runs at return, still locked.
func (s *Store) Typo(k string) {
	s.mu.Lock()
	defer s.mu.Lock() // want `certain: deferred s\.mu\.Lock runs at return while s\.mu is still held \(locked at loops\.go:\d+, not released before the return\): the function blocks on its own gate as it returns`
	s.items[k]++
}

// Shrink defers a relock on purpose, to clear a flag once the work is
// done, and lets the lock go before the work; the error return before
// that keeps it, and the deferred relock blocks.
func (s *Store) Shrink(seek func() error, work func(string)) error {
	s.mu.Lock()
	defer func() {
		s.mu.Lock() // want `certain: deferred s\.mu\.Lock runs at return while s\.mu is still held \(locked at loops\.go:\d+, not released before the return\): the function blocks on its own gate at the return at loops\.go:\d+; release s\.mu before that return`
		s.items["shrinking"] = 0
		s.mu.Unlock()
	}()
	if err := seek(); err != nil {
		return err
	}
	s.mu.Unlock()
	work("shrink")
	return nil
}

// ShrinkFixed lets the lock go on the error return too.
func (s *Store) ShrinkFixed(seek func() error, work func(string)) error {
	s.mu.Lock()
	defer func() {
		s.mu.Lock()
		s.items["shrinking"] = 0
		s.mu.Unlock()
	}()
	if err := seek(); err != nil {
		s.mu.Unlock()
		return err
	}
	s.mu.Unlock()
	work("shrink")
	return nil
}

// A deferred relock after a temporary unlock, in a function its callers
// call holding the lock: released on entry, taken back at return.
func (s *Store) waitLocked(work func()) {
	s.mu.Unlock()
	defer s.mu.Lock()
	work()
}

// A deferred Lock whose Unlock is deferred after it runs first.
func (s *Store) Ordered(k string) {
	s.mu.Lock()
	defer s.mu.Lock()
	defer s.mu.Unlock()
	s.items[k]++
}

type Block struct{ mu sync.Mutex }

// Each iteration locks another block: the loop carries a different
// instance's lock each time round, as lock-all helpers do.
func LockAll(blks []*Block) {
	for _, b := range blks {
		b.mu.Lock()
	}
}

// A variable declared before the loop but given another block in it.
func LockEach(next func() *Block, n int) {
	var b *Block
	for i := 0; i < n; i++ {
		b = next()
		b.mu.Lock()
	}
}

// A producer takes one permit per item and hands it to the worker that
// gives it back: the loop carries permits, not a deadlock.
func Produce(items []int, work func(int)) {
	sem := make(chan struct{}, 4)
	for _, it := range items {
		sem <- struct{}{}
		go func() {
			defer func() { <-sem }()
			work(it)
		}()
	}
}
