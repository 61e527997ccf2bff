// Package ended: a read after the wait for the end of the goroutine
// that wrote under the lock races with nothing that goroutine does.
// The job's worker writes its result under j.mu, for Peek; Wait reads
// it without the lock once the worker has closed done, in a deferred
// call: every write happened before.
package ended

import "sync"

type Job struct {
	mu       sync.Mutex
	progress int
	result   string
	done     chan struct{}
}

func NewJob() *Job { return &Job{done: make(chan struct{})} }

// Launch runs the work on a goroutine of its own; call it once.
func (j *Job) Launch(work []string) {
	go j.run(work)
}

func (j *Job) run(work []string) {
	defer close(j.done)
	for _, w := range work {
		j.mu.Lock()
		j.progress++
		j.result += w
		j.mu.Unlock()
	}
}

func (j *Job) Progress() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.progress
}

func (j *Job) Peek() string {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.result
}

// Wait waits for the worker to end, then reads what it wrote.
func (j *Job) Wait() string {
	<-j.done
	return j.result
}

// Stopper ends through a helper that closes done as it returns: what
// the helper writes there is written before the close, so Report, which
// waits for the close, reads it after.
type Stopper struct {
	mu     sync.Mutex
	n      int
	report string
	done   chan struct{}
}

func NewStopper() *Stopper { return &Stopper{done: make(chan struct{})} }

func (s *Stopper) Serve(work []string) {
	for range work {
		s.mu.Lock()
		s.n++
		s.mu.Unlock()
	}
	s.stop()
}

// ServeBackground serves on a goroutine of its own: its writes, in stop,
// come before the close too.
func (s *Stopper) ServeBackground(work []string) { go s.Serve(work) }

func (s *Stopper) stop() {
	defer close(s.done)
	s.mu.Lock()
	s.report = "stopped"
	s.mu.Unlock()
}

func (s *Stopper) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n
}

func (s *Stopper) Status() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.report
}

// Report waits for the stop, then reads what it wrote.
func (s *Stopper) Report() string {
	_, _ = <-s.done
	return s.report
}

// LateStopper writes its report after the helper has closed done: a
// Report that the close lets through reads it while Serve writes.
type LateStopper struct {
	mu     sync.Mutex
	n      int
	report string
	done   chan struct{}
}

func NewLateStopper() *LateStopper { return &LateStopper{done: make(chan struct{})} }

func (s *LateStopper) Serve(work []string) {
	for range work {
		s.mu.Lock()
		s.n++
		s.mu.Unlock()
	}
	s.stop()
	s.mu.Lock()
	s.report = "stopped"
	s.mu.Unlock()
}

func (s *LateStopper) stop() { defer close(s.done) }

// ServeBackground serves on a goroutine: its write after stop races too.
func (s *LateStopper) ServeBackground(work []string) { go s.Serve(work) }

func (s *LateStopper) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n
}

func (s *LateStopper) Status() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.report
}

// Report waits for the close, which comes before Serve's write.
func (s *LateStopper) Report() string {
	<-s.done
	return s.report // want `latent: Report reads s\.report without holding s\.mu, which guards it in Serve, the goroutine ServeBackground starts:`
}
