package invariants

import "sync"

// idlePool trims its idle list to a limit that depends on the build: by
// default the runtime keeps no idle entries (maxIdle is 0,
// limit_small.go) and the trim, which would take the lock Put holds,
// never runs. On builds where maxIdle is not 0 the path is live, and
// gatevet run for that build (go vet -tags largepool …) reports it.
type idlePool struct {
	mu   sync.Mutex
	idle []int
	max  int
}

func NewIdlePool() *idlePool { return &idlePool{max: maxIdle} }

func (p *idlePool) trim() {
	p.mu.Lock()
	p.idle = p.idle[:p.max]
	p.mu.Unlock()
}

func (p *idlePool) Put(c int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.idle = append(p.idle, c)
	if p.max != 0 && len(p.idle) > p.max {
		p.trim()
	}
}

// sized takes its limit from the caller: the trim under the lock runs
// whenever the list grows past it.
type sized struct {
	mu   sync.Mutex
	idle []int
	max  int
}

func NewSized(max int) *sized { return &sized{max: max} }

func (p *sized) trim() {
	p.mu.Lock()
	p.idle = p.idle[:p.max]
	p.mu.Unlock()
}

// Put calls trim holding p.mu whenever the pool is over a limit the
// caller gave, and trim locks p.mu again: Put blocks forever.
func (p *sized) Put(c int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.idle = append(p.idle, c)
	if p.max != 0 && len(p.idle) > p.max {
		p.trim() // want `certain: call to \(\*sized\)\.trim acquires p\.mu`
	}
}
