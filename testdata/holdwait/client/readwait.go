package client

import "sync"

// Workers hold the pool's read lock while they wait for work on a Cond
// of its queue; Put, which users call, must take the write lock before
// it signals: it never gets it while a worker waits, and with it every
// later reader blocks too.
type WorkPool struct {
	mu    sync.RWMutex
	conf  int
	qmu   sync.Mutex
	cond  *sync.Cond
	queue []int
}

func NewWorkPool() *WorkPool {
	p := &WorkPool{}
	p.cond = sync.NewCond(&p.qmu)
	return p
}

// Work waits for a job on p.cond holding p.mu's read lock; Put write-
// locks p.mu before it signals, so with the queue empty Work waits
// forever.
func (p *WorkPool) Work() int {
	p.mu.RLock()
	defer p.mu.RUnlock()
	p.qmu.Lock()
	defer p.qmu.Unlock()
	for len(p.queue) == 0 {
		p.cond.Wait() // want `p\.cond\.Wait\(\) waits for \(\*WorkPool\)\.Put holding p\.mu, but \(\*WorkPool\)\.Put locks p\.mu before it wakes p\.cond: a certain deadlock`
	}
	v := p.queue[0]
	p.queue = p.queue[1:]
	return v + p.conf
}

func (p *WorkPool) Put(v int) {
	p.mu.Lock()
	p.conf++
	p.qmu.Lock()
	p.queue = append(p.queue, v)
	p.qmu.Unlock()
	p.cond.Signal()
	p.mu.Unlock()
}

// ReadWorkPool's Put only reads the settings: two read locks can be held at
// once, and the Signal comes.
type ReadWorkPool struct {
	mu    sync.RWMutex
	conf  int
	qmu   sync.Mutex
	cond  *sync.Cond
	queue []int
}

func NewReadWorkPool() *ReadWorkPool {
	p := &ReadWorkPool{}
	p.cond = sync.NewCond(&p.qmu)
	return p
}

func (p *ReadWorkPool) Work() int {
	p.mu.RLock()
	defer p.mu.RUnlock()
	p.qmu.Lock()
	defer p.qmu.Unlock()
	for len(p.queue) == 0 {
		p.cond.Wait()
	}
	v := p.queue[0]
	p.queue = p.queue[1:]
	return v + p.conf
}

func (p *ReadWorkPool) Put(v int) {
	p.mu.RLock()
	v += p.conf
	p.qmu.Lock()
	p.queue = append(p.queue, v)
	p.qmu.Unlock()
	p.cond.Signal()
	p.mu.RUnlock()
}
