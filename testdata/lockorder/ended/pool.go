package ended

import "sync"

// Pool's workers take job locks and then the pool's; Stop takes them the
// other way round, but only after Wait: every worker has called Done,
// deferred, when it returned. Drain does not wait.
type Pool struct {
	mu   sync.Mutex
	jobs []*Job
	wg   sync.WaitGroup
	quit chan struct{}
}

type Job struct {
	mu   sync.Mutex
	done bool
}

func NewPool(n int) *Pool {
	p := &Pool{quit: make(chan struct{})}
	for range n {
		p.wg.Add(1)
		go p.work()
	}
	return p
}

func (p *Pool) work() {
	defer p.wg.Done()
	for {
		select {
		case <-p.quit:
			return
		default:
			p.step()
		}
	}
}

func (p *Pool) step() {
	p.mu.Lock()
	if len(p.jobs) == 0 {
		p.mu.Unlock()
		return
	}
	j := p.jobs[0]
	p.mu.Unlock()
	j.finish(p)
}

func (j *Job) finish(p *Pool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.done = true
	p.mu.Lock() // want `latent: p\.mu is acquired while holding j\.mu, but \(\*Pool\)\.Drain`
	if len(p.jobs) > 0 && p.jobs[0] == j {
		p.jobs = p.jobs[1:]
	}
	p.mu.Unlock()
}

// Stop ends the workers and waits for them before it marks the jobs left.
func (p *Pool) Stop() {
	close(p.quit)
	p.wg.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, j := range p.jobs {
		j.mu.Lock()
		j.done = true
		j.mu.Unlock()
	}
}

// Drain marks them without waiting.
func (p *Pool) Drain() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, j := range p.jobs {
		j.mu.Lock() // want `latent: j\.mu is acquired while holding p\.mu, but \(\*Job\)\.finish`
		j.done = true
		j.mu.Unlock()
	}
}
