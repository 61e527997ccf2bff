package client

import (
	"sync"
	"sync/atomic"
	"time"
)

// Stop holds the lock while it waits for the loop the constructor
// started, and the loop locks on every iteration before it can see that
// it should stop.

type Worker struct {
	mu      sync.Mutex
	stopped bool
	wg      sync.WaitGroup
	n       int
}

func NewWorker() *Worker {
	w := &Worker{}
	w.wg.Add(1)
	go w.run()
	return w
}

func (w *Worker) run() {
	defer w.wg.Done()
	for {
		w.mu.Lock()
		if w.stopped {
			w.mu.Unlock()
			return
		}
		w.n++
		w.mu.Unlock()
		time.Sleep(time.Millisecond)
	}
}

// Stop waits for run's Done holding w.mu; run locks w.mu on every pass
// before it can see stopped, so Stop waits forever.
func (w *Worker) Stop() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.stopped = true
	w.wg.Wait() // want `w\.wg\.Wait\(\) waits for \(\*Worker\)\.run holding w\.mu, but \(\*Worker\)\.run locks w\.mu before it calls w\.wg\.Done\(\): a certain deadlock`
}

// Near misses.

type Pool struct {
	mu      sync.Mutex
	stopped bool
	wg      sync.WaitGroup
	quit    chan struct{}
}

func NewPool() *Pool {
	p := &Pool{quit: make(chan struct{})}
	p.wg.Add(1)
	go p.run()
	return p
}

// run sees the shutdown on a channel, without the lock, and locks after
// each tick.
func (p *Pool) run() {
	defer p.wg.Done()
	for {
		select {
		case <-p.quit:
			return
		case <-time.After(time.Millisecond):
		}
		p.mu.Lock()
		p.mu.Unlock()
	}
}

// Stop waits holding p.mu. run sees the stop without the lock, but
// when its timer fired just before, it is on its way to p.mu.Lock, where
// it stays: latent.
func (p *Pool) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stopped = true
	close(p.quit)
	p.wg.Wait() // want `latent: p\.wg\.Wait\(\) waits for \(\*Pool\)\.run holding p\.mu, and \(\*Pool\)\.run locks p\.mu on some paths before it calls p\.wg\.Done\(\)`
}

// Close lets go of the lock before it waits.
func (w *Worker) Close() {
	w.mu.Lock()
	w.stopped = true
	w.mu.Unlock()
	w.wg.Wait()
}

// Drainer's worker sees the stop on a channel and never takes the lock:
// holding it while waiting is harmless.
type Drainer struct {
	mu   sync.Mutex
	quit chan struct{}
	jobs chan int
	wg   sync.WaitGroup
	n    atomic.Int64
}

func NewDrainer() *Drainer {
	d := &Drainer{quit: make(chan struct{}), jobs: make(chan int)}
	d.wg.Add(1)
	go d.run()
	return d
}

func (d *Drainer) run() {
	defer d.wg.Done()
	for {
		select {
		case <-d.quit:
			return
		case j := <-d.jobs:
			d.n.Add(int64(j))
		}
	}
}

func (d *Drainer) Stop() {
	d.mu.Lock()
	defer d.mu.Unlock()
	close(d.quit)
	d.wg.Wait()
}
