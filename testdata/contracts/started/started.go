// Package started: a contract stated by a name, broken before the only
// goroutine that takes the lock starts, and after it.
package started

import "sync"

// Controller merges specs under its lock; the worker Run starts does
// the merging from then on.
type Controller struct {
	lock   sync.Mutex
	specs  map[string]int
	merged int
	queue  chan string
}

func NewController() *Controller {
	return &Controller{specs: map[string]int{}, queue: make(chan string)}
}

// Run merges the initial specs without the lock before it starts the
// worker, the only other code that touches them: nothing runs beside
// the call yet.
func (c *Controller) Run(names []string, stop <-chan struct{}) {
	for _, n := range names {
		c.specs[n] = len(n)
	}
	c.mergeLocked()
	go c.runWorker()
	<-stop
}

func (c *Controller) runWorker() {
	for n := range c.queue {
		c.sync(n)
	}
}

func (c *Controller) sync(n string) {
	c.lock.Lock()
	defer c.lock.Unlock()
	c.specs[n]++
	c.mergeLocked()
}

// Enqueue hands a name to the worker.
func (c *Controller) Enqueue(n string) { c.queue <- n }

func (c *Controller) mergeLocked() {
	t := 0
	for _, v := range c.specs {
		t += v
	}
	c.merged = t
}

// Pool is the near twin.
type Pool struct {
	lock   sync.Mutex
	specs  map[string]int
	merged int
	queue  chan string
}

// Start starts the worker first: its merge without the lock runs beside
// the worker's merges under it, and the two race on p.merged.
func (p *Pool) Start(stop <-chan struct{}) {
	go p.runWorker()
	p.mergeLocked() // want `^certain: \(\*Pool\)\.mergeLocked requires p\.lock held \(its name, ending in Locked, says so\), but Start calls it without p\.lock on every path`
	<-stop
}

func (p *Pool) runWorker() {
	for n := range p.queue {
		p.lock.Lock()
		p.specs[n]++
		p.mergeLocked()
		p.lock.Unlock()
	}
}

// Enqueue hands a name to the worker.
func (p *Pool) Enqueue(n string) { p.queue <- n }

func (p *Pool) mergeLocked() {
	t := 0
	for _, v := range p.specs {
		t += v
	}
	p.merged = t
}
