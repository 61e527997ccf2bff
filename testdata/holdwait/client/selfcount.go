package client

import (
	"net"
	"sync"
)

// A proxy whose connection handlers count themselves into conns under
// connsMu, which Close holds around the Wait so that no handler counts
// itself once Close waits: a handler still waiting for connsMu has not
// counted itself, and the Wait does not wait for it.
type Proxy struct {
	connsMu sync.Mutex
	conns   sync.WaitGroup
	closing chan struct{}
}

func (p *Proxy) Serve(l net.Listener) {
	for {
		c, err := l.Accept()
		if err != nil {
			return
		}
		go p.handle(c)
	}
}

func (p *Proxy) handle(c net.Conn) {
	p.connsMu.Lock()
	p.conns.Add(1)
	p.connsMu.Unlock()
	defer p.conns.Done()
	defer c.Close()
	select {
	case <-p.closing:
	default:
	}
}

func (p *Proxy) Close() {
	close(p.closing)
	p.connsMu.Lock()
	p.conns.Wait()
	p.connsMu.Unlock()
}

// A relay whose handlers count themselves, then take relayMu again to
// log their end before Done: a counted handler waits for relayMu, which
// Close holds while it waits for the handler's Done.
type Relay struct {
	relayMu sync.Mutex
	conns   sync.WaitGroup
	ended   int
}

func (r *Relay) Serve(l net.Listener) {
	for {
		c, err := l.Accept()
		if err != nil {
			return
		}
		go r.handle(c)
	}
}

func (r *Relay) handle(c net.Conn) {
	r.relayMu.Lock()
	r.conns.Add(1)
	r.relayMu.Unlock()
	c.Close()
	r.relayMu.Lock()
	r.ended++
	r.relayMu.Unlock()
	r.conns.Done()
}

// Close waits for the handlers holding relayMu: a counted handler takes
// relayMu again before its Done, so Close waits for good.
func (r *Relay) Close() {
	r.relayMu.Lock()
	r.conns.Wait() // want `r\.conns\.Wait\(\) waits for \(\*Relay\)\.handle holding r\.relayMu, but \(\*Relay\)\.handle locks r\.relayMu before it calls r\.conns\.Done\(\)`
	r.relayMu.Unlock()
}

// A crawler's workers are counted by their starter; a worker counts
// only its children in, after it took mu to read what is pending. Close
// holds mu while it waits: a counted worker that has not read yet waits
// for mu.
type Crawler struct {
	mu      sync.Mutex
	wg      sync.WaitGroup
	pending []string
	closed  bool
}

func (c *Crawler) Start(u string) {
	c.wg.Add(1)
	go c.work(u)
}

func (c *Crawler) work(u string) {
	defer c.wg.Done()
	c.mu.Lock()
	next := c.pending
	c.pending = nil
	closed := c.closed
	c.mu.Unlock()
	if closed {
		return
	}
	for _, v := range next {
		c.wg.Add(1)
		go c.work(v + u)
	}
}

// Close waits for the workers holding mu, which each takes before Done.
func (c *Crawler) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	c.wg.Wait() // want `certain: c\.wg\.Wait\(\) waits for \(\*Crawler\)\.work holding c\.mu, but \(\*Crawler\)\.work locks c\.mu before it calls c\.wg\.Done\(\)`
}
