package client

import "sync"

// A task pool whose workers leave through a helper, exited, that calls Done:
// each call of exited in a worker is its Done. Stop holds mu while it
// waits, and a worker takes mu for each task before it leaves: a worker
// between tasks waits for mu, and Stop waits for the worker.
type TaskPool struct {
	mu      sync.Mutex
	workers sync.WaitGroup
	tasks   []func()
	stopped bool
}

func (p *TaskPool) Start(n int) {
	for range n {
		p.workers.Add(1)
		go p.work()
	}
}

func (p *TaskPool) work() {
	for p.next() {
	}
	p.exited()
}

func (p *TaskPool) next() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped || len(p.tasks) == 0 {
		return false
	}
	t := p.tasks[0]
	p.tasks = p.tasks[1:]
	t()
	return true
}

func (p *TaskPool) exited() { p.workers.Done() }

// Stop waits for the workers holding mu: a worker takes mu in next before
// it can call exited, so Stop waits for good.
func (p *TaskPool) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stopped = true
	p.workers.Wait() // want `certain: p\.workers\.Wait\(\) waits for \(\*TaskPool\)\.work holding p\.mu, but \(\*TaskPool\)\.work locks p\.mu before it calls p\.workers\.Done\(\)`
}

// The same pool whose workers defer the helper: the deferred call is
// their Done, at each return.
type DeferPool struct {
	mu      sync.Mutex
	workers sync.WaitGroup
	n       int
}

func (p *DeferPool) Start() {
	p.workers.Add(1)
	go p.work()
}

func (p *DeferPool) work() {
	defer p.exited()
	p.mu.Lock()
	p.n++
	p.mu.Unlock()
}

func (p *DeferPool) exited() { p.workers.Done() }

// Stop waits for the worker holding mu, which the worker takes before its
// deferred exited runs.
func (p *DeferPool) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.workers.Wait() // want `certain: p\.workers\.Wait\(\) waits for \(\*DeferPool\)\.work holding p\.mu, but \(\*DeferPool\)\.work locks p\.mu before it calls p\.workers\.Done\(\)`
}

// A pool that lets go of mu before it waits: not reported.
type FreePool struct {
	mu      sync.Mutex
	workers sync.WaitGroup
	n       int
}

func (p *FreePool) Start() {
	p.workers.Add(1)
	go p.work()
}

func (p *FreePool) work() {
	defer p.exited()
	p.mu.Lock()
	p.n++
	p.mu.Unlock()
}

func (p *FreePool) exited() { p.workers.Done() }

func (p *FreePool) Stop() {
	p.mu.Lock()
	p.n = -1
	p.mu.Unlock()
	p.workers.Wait()
}

// A pool whose helper users call too (Release, on their own goroutine,
// without mu): that Done may come while Stop holds mu, so the wait is not
// judged.
type SharedPool struct {
	mu      sync.Mutex
	workers sync.WaitGroup
	n       int
}

func (p *SharedPool) Start() {
	p.workers.Add(1)
	go p.work()
}

// Acquire counts a user's hold in; Release ends it.
func (p *SharedPool) Acquire() { p.workers.Add(1) }
func (p *SharedPool) Release() { p.exited() }

func (p *SharedPool) work() {
	defer p.exited()
	p.mu.Lock()
	p.n++
	p.mu.Unlock()
}

func (p *SharedPool) exited() { p.workers.Done() }

func (p *SharedPool) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.workers.Wait()
}
