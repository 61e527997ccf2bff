package nested

import (
	"context"
	"sync"
)

// pending counts messages not yet acknowledged; nackAll, kept for a
// later release, waits for them to drain without looking at ctx, but
// nothing calls it: the wait cannot happen, and is not reported (the
// same loop in a function something calls is: condctx/pool's Take).
type pending struct {
	mu   sync.Mutex
	cond *sync.Cond
	n    int
}

//nolint:unused // kept for the retry path
func (p *pending) nackAll(ctx context.Context) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.n > 0 {
		p.cond.Wait()
	}
}

func (p *pending) ack() {
	p.mu.Lock()
	p.n--
	p.mu.Unlock()
	p.cond.Broadcast()
}

// Ack acknowledges one message.
func Ack(p *pending) { p.ack() }
