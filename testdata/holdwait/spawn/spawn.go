// Package spawn: waits for goroutines whose function lives in another
// package, or that a helper starts.
package spawn

import (
	"sync"

	"example.com/holdwait/worker"
)

// StopFlush holds s.Mu while it waits for Flush, which locks s.Mu before
// it closes done.
func StopFlush(s *worker.Server) {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	done := make(chan struct{})
	go worker.Flush(s, done)
	<-done // want `certain: <-done waits for worker.Flush holding s.Mu, but worker.Flush locks s.Mu before it closes done \(at worker.go:20, after it locks s.Mu at worker.go:17\): a certain deadlock`
}

// WaitCount holds s.Mu while it waits for Count, which locks s.Mu before
// its deferred Done.
func WaitCount(s *worker.Server) {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	var wg sync.WaitGroup
	wg.Add(1)
	go worker.Count(s, &wg)
	wg.Wait() // want `certain: wg.Wait\(\) waits for worker.Count holding s.Mu, but worker.Count locks s.Mu before it calls wg.Done\(\) \(at worker.go:25, after it locks s.Mu at worker.go:26\)`
}

// StopStarted holds s.Mu while it waits for the goroutine Start starts,
// which locks s.Mu before it closes done.
func StopStarted(s *worker.Server) {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	done := make(chan struct{})
	worker.Start(s, done)
	<-done // want `certain: <-done waits for worker.Start's goroutine holding s.Mu, but worker.Start's goroutine locks s.Mu before it closes done \(at worker.go:58, after it locks s.Mu at worker.go:55\)`
}

func StopMaybe(s *worker.Server, pending bool) {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	done := make(chan struct{})
	go worker.Maybe(s, done, pending)
	<-done // want `latent: <-done waits for worker.Maybe holding s.Mu, and worker.Maybe locks s.Mu on some paths before it closes done \(at worker.go:49, after it locks s.Mu at worker.go:45\)`
}

// Near misses.

func StopNotify(s *worker.Server) {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	done := make(chan struct{})
	go worker.Notify(s, done) // signals before it locks
	<-done
}

func StopAtomic(s *worker.Server) {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	done := make(chan struct{})
	go worker.Atomic(done)
	<-done
}

func StopReleased(s *worker.Server) {
	s.Mu.Lock()
	done := make(chan struct{})
	go worker.Flush(s, done)
	s.Mu.Unlock() // released before the wait
	<-done
}

func StopKept(s *worker.Server) {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	done := make(chan struct{})
	worker.Keep(done) // someone else may close it
	go worker.Flush(s, done)
	<-done
}

func StopTry(s *worker.Server) {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	done := make(chan struct{})
	go worker.Try(s, done)
	<-done
}

func WaitCountReleased(s *worker.Server) {
	s.Mu.Lock()
	var wg sync.WaitGroup
	wg.Add(1)
	go worker.Count(s, &wg)
	s.Mu.Unlock()
	wg.Wait()
}

func WaitOther(s, t *worker.Server) {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	var wg sync.WaitGroup
	wg.Add(1)
	go worker.Count(t, &wg) // another server's lock
	wg.Wait()
}
