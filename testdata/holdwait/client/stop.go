package client

import (
	"sync"
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

// run sees the shutdown on a channel, without the lock.
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

// Stop waits holding p.mu, but run can return without it.
func (p *Pool) Stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stopped = true
	close(p.quit)
	p.wg.Wait()
}

// Close lets go of the lock before it waits.
func (w *Worker) Close() {
	w.mu.Lock()
	w.stopped = true
	w.mu.Unlock()
	w.wg.Wait()
}
