// Package serial: an agent whose state is used only in functions it
// hands to its task loop. The loop runs them one at a time, so Name's
// read, made on the loop, races with none of the writes, although it
// does not hold a.mu, which the writers hold around the hand-off.
package serial

import (
	"sync"

	"example.com/bypass/taskq"
)

// Agent is safe for concurrent use.
type Agent struct {
	mu    sync.Mutex
	loop  *taskq.Loop
	pairs map[int]string
	name  string
}

func NewAgent() *Agent { return &Agent{loop: taskq.New(), pairs: map[int]string{}} }

func (a *Agent) Dial(id int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.loop.Run(func() {
		a.pairs[id] = "dial"
		a.name = "dialer"
	})
}

func (a *Agent) Accept(id int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.loop.Run(func() {
		a.pairs[id] = "accept"
		a.name = "acceptor"
	})
}

func (a *Agent) Name() string {
	var n string
	a.loop.Run(func() { n = a.name })
	return n
}

// Worker hands its functions to a pool whose workers run at once: Name
// races with the writes.
//
// It is safe for concurrent use.
type Worker struct {
	mu   sync.Mutex
	pool *taskq.Pool
	name string
}

func (w *Worker) Dial() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.pool.Run(func() { w.name = "dialer" })
}

func (w *Worker) Accept() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.pool.Run(func() { w.name = "acceptor" })
}

func (w *Worker) Name() string {
	var n string
	w.pool.Run(func() { n = w.name }) // want `^latent: Name reads w\.name through \(\*taskq\.Pool\)\.Run → func literal in \(\*Worker\)\.Name → w\.name without holding w\.mu`
	return n
}
