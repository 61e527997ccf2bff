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

// Conn is safe for concurrent use.
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

// tracker is embedded by value two levels down, as syncthing's folders
// embed their state tracker: its mutex is one gate however the embedding
// type reaches it, f.tracker.mut from a *folder and f.folder.tracker.mut
// from a *SendOnly, both f.mut in Go.
//
// It is safe for concurrent use.
type tracker struct {
	mut     sync.Mutex
	current int
}

func (s *tracker) setState(c int) {
	s.mut.Lock()
	defer s.mut.Unlock()
	s.current = c
}

func (s *tracker) getState() int {
	s.mut.Lock()
	defer s.mut.Unlock()
	return s.current
}

type folder struct {
	tracker
	reqs chan func()
}

// fail sets the state through tracker's locked setter.
func (f *folder) fail() { f.tracker.setState(-1) }

func (f *folder) Scan() {
	f.reqs <- func() { f.fail() }
}

type SendOnly struct{ folder }

func (f *SendOnly) Revert()    { f.setState(1) }
func (f *SendOnly) Override()  { f.setState(2) }
func (f *SendOnly) Reset()     { f.setState(0) }
func (f *SendOnly) State() int { return f.getState() }

// Peek reads the state without the lock: the bug, spelled as Go spells
// the promoted fields.
func (f *SendOnly) Peek() int { return f.current } // want `latent: Peek reads f\.current without holding f\.mut, which is held where \(\*tracker\)\.setState writes it \(embed\.go:68\), reached from a func literal in Scan, Revert, Override:`
