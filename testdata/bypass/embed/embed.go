// Package embed: a struct embedded by value is part of its owner's state
// field by field. Locked writes of some of its fields say nothing about a
// field that only the constructor sets, read through promotion.
package embed

import "sync"

type stats struct {
	name   string // set by NewConn only
	reads  int
	writes int
}

type Conn struct {
	stats
	mu sync.Mutex
}

func NewConn(name string) *Conn {
	c := &Conn{}
	c.name = name
	return c
}

func (c *Conn) Read() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reads++
}

func (c *Conn) Write() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.writes++
}

func (c *Conn) Reset() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reads, c.writes = 0, 0
}

// String reads the name, which nothing writes after NewConn.
func (c *Conn) String() string { return c.name }

// Reads reads a counter the locked methods write: the bug.
func (c *Conn) Reads() int { return c.reads } // want `latent: Reads reads c\.reads without holding c\.mu`

// Writes reads the write counter, which the locked methods synchronise:
// a comment on synchronisation that puts no contract on the caller.
func (c *Conn) Writes() int { return c.writes } // want `latent: Writes reads c\.writes without holding c\.mu`
