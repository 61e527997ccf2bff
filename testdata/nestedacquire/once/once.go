// Package once: sync.Once.Do holds the Once while its function runs, so
// that function calling Do on the same Once, at any depth, blocks
// forever; so does taking a lock the caller of Do already holds.
package once

import "sync"

type Client struct {
	once  sync.Once
	mu    sync.Mutex
	peer  *Client
	conf  map[string]string
	token string
}

// Conf runs c.load under c.once: load's defaults calls c.once.Do again.
func (c *Client) Conf() map[string]string {
	c.once.Do(c.load) // want `certain: call to \(\*Client\)\.load calls c\.once\.Do \(\(\*Client\)\.defaults → c\.once\.Do at once\.go:\d+\) while c\.once\.Do is running on this path`
	return c.conf
}

func (c *Client) load() {
	c.conf = c.defaults()
}

// defaults is also called on its own, after the Once is done, where
// it is fine; under load it deadlocks.
func (c *Client) defaults() map[string]string {
	c.once.Do(func() {})
	return map[string]string{}
}

var (
	setup  sync.Once
	values []int
)

// Values calls setup.Do inside setup.Do's own function: the inner Do
// waits for the outer one to finish, forever.
func Values() []int {
	setup.Do(func() {
		values = []int{1}
		setup.Do(func() { values = append(values, 2) }) // want `certain: setup\.Do while setup\.Do is running on this path`
	})
	return values
}

// Param calls o.Do inside o.Do's own function: the inner Do waits for
// the outer one to finish, forever.
func Param(o *sync.Once, f func()) {
	o.Do(func() {
		f()
		o.Do(f) // want `certain: o\.Do while o\.Do is running on this path`
	})
}

// Token holds c.mu around a Do whose function takes c.mu again.
func (c *Client) Token() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.once.Do(func() {
		c.mu.Lock() // want `certain: c\.mu\.Lock while c\.mu is already held on this path \(locked at once\.go:59\)`
		c.token = "t"
		c.mu.Unlock()
	})
	return c.token
}

// Near misses.

// Twice calls Do twice in a row: the second returns at once.
func (c *Client) Twice() {
	c.once.Do(c.reset)
	c.once.Do(c.reset)
}

func (c *Client) reset() { c.token = "" }

var other sync.Once

// Nested uses a different Once inside: each has its own lock.
func Nested() {
	setup.Do(func() {
		other.Do(func() { values = nil })
	})
}

// Peer calls Do on another client's Once.
func (c *Client) Peer() {
	c.once.Do(func() {
		c.peer.once.Do(c.peer.reset)
	})
}

// Background starts the second Do on a goroutine: it waits for the first
// to finish, which does not wait for it.
func Background() {
	setup.Do(func() {
		go setup.Do(func() {})
	})
}

// Unlocked releases c.mu before the Do whose function takes it.
func (c *Client) Unlocked() string {
	c.mu.Lock()
	t := c.token
	c.mu.Unlock()
	c.once.Do(func() {
		c.mu.Lock()
		c.token = t
		c.mu.Unlock()
	})
	return t
}

// Retry re-enters the Once from a loop in its function: the first pass
// round the loop blocks.
func (c *Client) Retry(n int) {
	c.once.Do(func() {
		for i := 0; i < n; i++ {
			c.once.Do(c.reset) // want `certain: c\.once\.Do while c\.once\.Do is running on this path`
		}
	})
}
