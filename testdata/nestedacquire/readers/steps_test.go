package readers

import (
	"sync"
	"testing"
)

// A test's own goroutine runs its steps in order: a goroutine one step
// starts (a method of the test's type that starts a write loop) runs
// beside what a later step calls, unless the test waits between.

// shelfState's test starts the writer through a method, then reads on
// its own goroutine: the writer can queue between the two read locks.
type shelfState struct {
	sync.RWMutex
	items map[int]bool
	def   bool
}

func (s *shelfState) getOrDefault() bool {
	s.RLock()
	defer s.RUnlock()
	if ok := s.get(1); ok { // want `latent: call to \(\*shelfState\)\.get acquires s\.RWMutex .*\(func literal in \(\*shelfState\)\.startWriter at steps_test\.go:\d+ takes the write lock\)`
		return true
	}
	return s.def
}

func (s *shelfState) get(k int) bool {
	s.RLock()
	defer s.RUnlock()
	return s.items[k]
}

func (s *shelfState) startWriter() {
	go func() {
		for i := 0; i < 1000; i++ {
			s.Lock()
			s.def = i%2 == 0
			s.Unlock()
		}
	}()
}

func TestShelfReaderAfterStart(t *testing.T) {
	s := &shelfState{items: map[int]bool{}}
	s.startWriter()
	for i := 0; i < 1000; i++ {
		s.getOrDefault()
	}
}

// crateState's test starts the reader and then writes on its own
// goroutine: the write can queue between the reader's two read locks.
type crateState struct {
	sync.RWMutex
	items map[int]bool
	def   bool
}

func (s *crateState) getOrDefault() bool {
	s.RLock()
	defer s.RUnlock()
	if ok := s.get(1); ok { // want `latent: call to \(\*crateState\)\.get acquires s\.RWMutex .*\(\(\*crateState\)\.setDefault at steps_test\.go:\d+ takes the write lock\)`
		return true
	}
	return s.def
}

func (s *crateState) get(k int) bool {
	s.RLock()
	defer s.RUnlock()
	return s.items[k]
}

func (s *crateState) setDefault(v bool) {
	s.Lock()
	defer s.Unlock()
	s.def = v
}

func TestCrateWriterAfterStart(t *testing.T) {
	s := &crateState{items: map[int]bool{}}
	go s.getOrDefault()
	s.setDefault(true)
}

// binState's tests wait between the steps: for the writer's goroutine
// to end before reading (wg.Wait, or a receive of what it sends last),
// inside a start that waits for what it starts, for the reader's
// goroutine before writing, or read before they start the writer at
// all. No writer can queue between the read
// locks.
type binState struct {
	sync.RWMutex
	items map[int]bool
	def   bool
}

func (s *binState) getOrDefault() bool {
	s.RLock()
	defer s.RUnlock()
	if ok := s.get(1); ok {
		return true
	}
	return s.def
}

func (s *binState) get(k int) bool {
	s.RLock()
	defer s.RUnlock()
	return s.items[k]
}

func (s *binState) setDefault(v bool) {
	s.Lock()
	defer s.Unlock()
	s.def = v
}

func (s *binState) startWriter(wg *sync.WaitGroup) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.setDefault(true)
	}()
}

func (s *binState) writeAndWait() {
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.setDefault(false)
	}()
	<-done
}

func TestBinWaitsForWriter(t *testing.T) {
	s := &binState{items: map[int]bool{}}
	var wg sync.WaitGroup
	s.startWriter(&wg)
	wg.Wait()
	s.getOrDefault()
}

func TestBinStartWaits(t *testing.T) {
	s := &binState{items: map[int]bool{}}
	s.writeAndWait()
	s.getOrDefault()
}

func TestBinWaitsForReader(t *testing.T) {
	s := &binState{items: map[int]bool{}}
	done := make(chan bool)
	go func() {
		s.getOrDefault()
		done <- true
	}()
	<-done
	s.setDefault(true)
}

func TestBinWaitsForSender(t *testing.T) {
	s := &binState{items: map[int]bool{}}
	done := make(chan bool)
	go func() {
		s.setDefault(true)
		done <- true
	}()
	<-done
	s.getOrDefault()
}

func TestBinReadsFirst(t *testing.T) {
	s := &binState{items: map[int]bool{}}
	var wg sync.WaitGroup
	s.getOrDefault()
	s.startWriter(&wg)
	wg.Wait()
}
