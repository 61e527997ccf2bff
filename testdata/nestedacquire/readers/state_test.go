package readers

import (
	"fmt"
	"sync"
	"testing"
)

// A test file's own type, the way a bug reproduction is written: the
// recursive read lock is in its methods, and the test runs a reader
// and a writer on two goroutines, so the writer can queue between the
// two read locks.
type cpuState struct {
	sync.RWMutex
	assigned map[int]bool
	def      bool
}

func (s *cpuState) getOrDefault() bool {
	s.RLock()
	defer s.RUnlock()
	if ok := s.get(1); ok { // want `latent: call to \(\*cpuState\)\.get acquires s\.RWMutex .*\(\(\*cpuState\)\.setDefault at state_test\.go:\d+ takes the write lock\)`
		return true
	}
	return s.def
}

func (s *cpuState) get(k int) bool {
	s.RLock()
	defer s.RUnlock()
	return s.assigned[k]
}

func (s *cpuState) setDefault(v bool) {
	s.Lock()
	defer s.Unlock()
	s.def = v
}

func TestReaderBesideWriter(t *testing.T) {
	s := &cpuState{assigned: map[int]bool{}}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := 0; i < 1000; i++ {
			s.getOrDefault()
		}
	}()
	go func() {
		defer wg.Done()
		for i := 0; i < 1000; i++ {
			s.setDefault(i%2 == 0)
		}
	}()
	wg.Wait()
}

// The same kind of type, whose reader and writer the test runs one
// after the other on one goroutine, and another test that only writes:
// go test runs the tests one after another, so no writer can queue
// between the two read locks.
type memState struct {
	sync.RWMutex
	assigned map[int]bool
	def      bool
}

func (s *memState) getOrDefault() bool {
	s.RLock()
	defer s.RUnlock()
	if ok := s.get(1); ok {
		return true
	}
	return s.def
}

func (s *memState) get(k int) bool {
	s.RLock()
	defer s.RUnlock()
	return s.assigned[k]
}

func (s *memState) setDefault(v bool) {
	s.Lock()
	defer s.Unlock()
	s.def = v
}

func TestReaderThenWriter(t *testing.T) {
	s := &memState{assigned: map[int]bool{}}
	done := make(chan struct{})
	go func() {
		defer close(done)
		s.getOrDefault()
		s.setDefault(true)
	}()
	<-done
}

func TestWriterAlone(t *testing.T) {
	s := &memState{assigned: map[int]bool{}}
	go s.setDefault(true)
}

// A lookup that prints its cache under the read lock, whose String
// read-locks again, and then write-locks: the test runs it on several
// goroutines it starts in a loop, so one's write lock can queue between
// another's two read locks.
type spanCache struct {
	mu    sync.RWMutex
	spans int
}

func (c *spanCache) String() string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return "spans"
}

func (c *spanCache) lookup() string {
	c.mu.RLock()
	s := fmt.Sprint("lookup in ", c) // want `latent: call to fmt\.Sprint \(which calls \(\*spanCache\)\.String\) acquires c\.mu .*\(\*spanCache\)\.lookup`
	c.mu.RUnlock()
	c.mu.Lock()
	c.spans++
	c.mu.Unlock()
	return s
}

func TestLookups(t *testing.T) {
	c := &spanCache{}
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.lookup()
		}()
	}
	wg.Wait()
}

// The same lookup, on a cache whose test waits for each goroutine it
// starts before it starts the next: one copy at a time.
type pageCache struct {
	mu    sync.RWMutex
	pages int
}

func (c *pageCache) String() string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return "pages"
}

func (c *pageCache) lookup() string {
	c.mu.RLock()
	s := fmt.Sprint("lookup in ", c)
	c.mu.RUnlock()
	c.mu.Lock()
	c.pages++
	c.mu.Unlock()
	return s
}

func TestLookupsInTurn(t *testing.T) {
	c := &pageCache{}
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.lookup()
		}()
		wg.Wait()
	}
}
