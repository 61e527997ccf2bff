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
