// Package optional: a paced call that waits on a Cond only when its test
// gave it one, a release gate with nothing to check again: the if tests
// whether there is a Cond to wait on, not a state the waiter waits for.
// Not reported. A job that may have no Cond either, and waits under an
// if while it has no data, then reads the data: reported.
package optional

import "sync"

type Paced struct {
	called int
	wait   *sync.Cond
}

func (p *Paced) Call() int {
	if p.wait != nil {
		p.wait.L.Lock()
		p.called++
		p.wait.Wait()
		p.wait.L.Unlock()
	} else {
		p.called++
	}
	return p.called
}

type Job struct {
	mu   sync.Mutex
	cond *sync.Cond
	data []int
}

func (j *Job) First() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.cond != nil && len(j.data) == 0 {
		j.cond.Wait() // want `runs once, under an if`
	}
	return j.data[0]
}
