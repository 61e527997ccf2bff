// Package runloop: two lock orders taken only on a connection's run
// loop, one goroutine per connection that nothing else enters, are no
// inversion: the loop takes them one after the other. The same code run
// by several workers on one pool deadlocks.
package runloop

import "sync"

type Conn struct {
	sendMu, ctrlMu sync.Mutex
	events         chan int
	queued, sent   int
}

func Dial() *Conn {
	c := &Conn{events: make(chan int)}
	go c.run()
	return c
}

func (c *Conn) run() {
	for e := range c.events {
		if e == 0 {
			c.appendFrames()
		} else {
			c.reject()
		}
	}
}

func (c *Conn) appendFrames() {
	c.ctrlMu.Lock()
	defer c.ctrlMu.Unlock()
	c.sendMu.Lock()
	c.sent++
	c.sendMu.Unlock()
}

func (c *Conn) reject() {
	c.sendMu.Lock()
	defer c.sendMu.Unlock()
	c.ctrlMu.Lock()
	c.queued = 0
	c.ctrlMu.Unlock()
}

// Pool runs the same two orders on workers started in a loop: two of
// them meet on one pool.
type Pool struct {
	sendMu, ctrlMu sync.Mutex
	events         chan int
	queued, sent   int
}

func NewPool(n int) *Pool {
	p := &Pool{events: make(chan int)}
	for range n {
		go p.work()
	}
	return p
}

func (p *Pool) work() {
	for e := range p.events {
		if e == 0 {
			p.appendFrames()
		} else {
			p.reject()
		}
	}
}

func (p *Pool) appendFrames() {
	p.ctrlMu.Lock()
	defer p.ctrlMu.Unlock()
	p.sendMu.Lock() // want `latent: p\.sendMu is acquired while holding p\.ctrlMu, but \(\*Pool\)\.reject`
	p.sent++
	p.sendMu.Unlock()
}

func (p *Pool) reject() {
	p.sendMu.Lock()
	defer p.sendMu.Unlock()
	p.ctrlMu.Lock() // want `latent: p\.ctrlMu is acquired while holding p\.sendMu, but \(\*Pool\)\.appendFrames`
	p.queued = 0
	p.ctrlMu.Unlock()
}

// Twin starts the same loop twice on the one twin it makes: two
// goroutines on one object, no run loop, and their two orders meet.
type Twin struct {
	sendMu, ctrlMu sync.Mutex
	events         chan int
	queued, sent   int
}

func NewTwin() *Twin {
	t := &Twin{events: make(chan int)}
	go t.run()
	go t.run()
	return t
}

func (t *Twin) run() {
	for e := range t.events {
		if e == 0 {
			t.appendFrames()
		} else {
			t.reject()
		}
	}
}

func (t *Twin) appendFrames() {
	t.ctrlMu.Lock()
	defer t.ctrlMu.Unlock()
	t.sendMu.Lock() // want `latent: t\.sendMu is acquired while holding t\.ctrlMu, but \(\*Twin\)\.reject`
	t.sent++
	t.sendMu.Unlock()
}

func (t *Twin) reject() {
	t.sendMu.Lock()
	defer t.sendMu.Unlock()
	t.ctrlMu.Lock() // want `latent: t\.ctrlMu is acquired while holding t\.sendMu, but \(\*Twin\)\.appendFrames`
	t.queued = 0
	t.ctrlMu.Unlock()
}

// Ticked starts its loop with a ticker or without one: two go
// statements, on exclusive branches, one goroutine per link.
type Ticked struct {
	sendMu, ctrlMu sync.Mutex
	events         chan int
	queued, sent   int
}

func NewTicked(keepalive bool) *Ticked {
	t := &Ticked{events: make(chan int)}
	if keepalive {
		go t.run(true)
	} else {
		go t.run(false)
	}
	return t
}

func (t *Ticked) run(ping bool) {
	for e := range t.events {
		if e == 0 || ping {
			t.appendFrames()
		} else {
			t.reject()
		}
	}
}

func (t *Ticked) appendFrames() {
	t.ctrlMu.Lock()
	defer t.ctrlMu.Unlock()
	t.sendMu.Lock()
	t.sent++
	t.sendMu.Unlock()
}

func (t *Ticked) reject() {
	t.sendMu.Lock()
	defer t.sendMu.Unlock()
	t.ctrlMu.Lock()
	t.queued = 0
	t.ctrlMu.Unlock()
}
