package client

import (
	"sync"
	"time"
)

// A select without default waits until one of its cases can go on: if
// the goroutine behind every case must take the lock first, it never
// does.

type Conn struct {
	mu      sync.Mutex
	closing bool
	done    chan struct{}
	errc    chan error
}

func NewConn() *Conn {
	c := &Conn{done: make(chan struct{}), errc: make(chan error)}
	go c.reader()
	return c
}

func (c *Conn) reader() {
	for {
		c.mu.Lock()
		if c.closing {
			c.mu.Unlock()
			close(c.done)
			return
		}
		c.mu.Unlock()
		if err := c.read(); err != nil {
			c.mu.Lock()
			c.closing = true
			c.mu.Unlock()
			c.errc <- err
			return
		}
	}
}

func (c *Conn) read() error { return nil }

// Close holds c.mu while both of its cases wait on reader, which locks
// c.mu before it closes done and before it sends on errc.
func (c *Conn) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closing = true
	select { // want `the select on c\.done waits for \(\*Conn\)\.reader holding c\.mu, but \(\*Conn\)\.reader locks c\.mu before it closes c\.done: a certain deadlock`
	case <-c.done:
		return nil
	case err := <-c.errc:
		return err
	}
}

// Near misses.

// CloseTimeout gives up after a while: the timer is a way out.
func (c *Conn) CloseTimeout() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closing = true
	select {
	case <-c.done:
		return nil
	case <-time.After(time.Second):
		return nil
	}
}

// Poll does not wait: the select has a default.
func (c *Conn) Poll() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}
