// Package once: a mutex released through a sync.Once, so that the
// deferred release and the early ones never both run, beside the same
// pool with plain unlocks, which unlock twice.
package once

import "sync"

type conn struct{ ok bool }

type server struct {
	idle []*conn
	busy int
}

type Pool struct {
	mu      sync.Mutex
	servers map[string]*server
}

func (c *conn) check() bool { return c.ok }

// Borrow releases p.mu at most once per lock: the deferred Do and the
// Do before the health check share one Once, which Borrow resets each
// time it locks again, so only the Do after the latest Lock unlocks.
func (p *Pool) Borrow(name string) *conn {
	p.mu.Lock()
	unlock := new(sync.Once)
	defer unlock.Do(p.mu.Unlock)

	srv := p.servers[name]
	for srv != nil && len(srv.idle) > 0 {
		c := srv.idle[0]
		srv.idle = srv.idle[1:]
		unlock.Do(p.mu.Unlock)
		if c.check() {
			return c
		}
		p.mu.Lock()
		*unlock = sync.Once{}
		srv = p.servers[name]
	}
	if srv != nil {
		srv.busy++
	}
	return nil
}

// BorrowPlain unlocks before the health check and defers an Unlock as
// well: a healthy connection returns through the deferred Unlock after
// the explicit one, and the process dies with "unlock of unlocked
// mutex".
func (p *Pool) BorrowPlain(name string) *conn {
	p.mu.Lock()
	defer p.mu.Unlock() // want `the deferred p\.mu\.Unlock\(\), run at the return at once\.go:62, unlocks p\.mu a second time on this path: this function locked it at once\.go:53 and unlocked it already at once\.go:60`

	srv := p.servers[name]
	if srv != nil && len(srv.idle) > 0 {
		c := srv.idle[0]
		srv.idle = srv.idle[1:]
		p.mu.Unlock()
		if c.check() {
			return c
		}
		p.mu.Lock()
	}
	return nil
}
