package local

import "sync"

// Deep's Cond is made on a lock one field deeper: its L stays a Locker
// of its own, and the wait loop through it is no deadlock.
type inner struct{ mu sync.Mutex }

type Deep struct {
	inner
	cond *sync.Cond
	n    int
}

func NewDeep() *Deep {
	d := &Deep{}
	d.cond = sync.NewCond(&d.mu)
	return d
}

func (d *Deep) Wait() {
	d.cond.L.Lock()
	for d.n == 0 {
		d.cond.Wait()
	}
	d.cond.L.Unlock()
}

func (d *Deep) Inc() {
	d.mu.Lock()
	d.n++
	d.mu.Unlock()
	d.cond.Broadcast()
}
