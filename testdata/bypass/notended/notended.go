// Package notended: ended's job, with a Result that reads the result
// without waiting for the worker: it races with the worker's writes.
package notended

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

// Result reads what the worker writes, while it may still write.
func (j *Job) Result() string {
	return j.result // want `^latent: Result reads j\.result without holding j\.mu, which is held where \(\*Job\)\.run writes it \(notended\.go:26\), reached from the goroutine Launch starts: when one of them runs on another goroutine meanwhile, this path races with it; hold j\.mu around the use$`
}
