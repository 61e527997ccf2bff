// Package serialtwin: serial's agent with a Name that reads off the
// loop: it races with the writes the loop runs.
package serialtwin

import (
	"sync"

	"example.com/bypass/taskq"
)

// Agent is safe for concurrent use.
type Agent struct {
	mu   sync.Mutex
	loop *taskq.Loop
	name string
}

func (a *Agent) Dial() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.loop.Run(func() { a.name = "dialer" })
}

func (a *Agent) Accept() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.loop.Run(func() { a.name = "acceptor" })
}

func (a *Agent) Name() string {
	return a.name // want `^latent: Name reads a\.name without holding a\.mu, which guards it in Dial, Accept`
}
