package basic

import "sync"

// Conn connects in the background: Open locks c.mu and hands it to the
// goroutine that dials, started through a helper that recovers its
// panics; the goroutine unlocks when the dial is done.
type Conn struct {
	mu sync.Mutex
	up bool
}

// withRecover runs f, recovering from its panics.
func withRecover(f func()) {
	defer func() { recover() }()
	f()
}

func (c *Conn) dial() { c.up = true }

func (c *Conn) Open() {
	c.mu.Lock()
	go withRecover(func() {
		defer c.mu.Unlock()
		c.dial()
	})
}

func (c *Conn) Connected() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.up
}

// OpenAndCheck waits for the dial in Connected: the goroutine Open
// started releases c.mu, so this blocks only until the dial is done.
func OpenAndCheck(c *Conn) bool {
	c.Open()
	return c.Connected()
}

// OpenForGood forgets the unlock: the goroutine the helper runs never
// releases c.mu, and OpenForGood returns holding it: Connected blocks.
func (c *Conn) OpenForGood() {
	c.mu.Lock()
	go withRecover(func() {
		c.dial()
	})
}

// OpenForGoodAndCheck locks c.mu and then calls open, which locks it
// again: nothing releases it in between, so it blocks forever.
func OpenForGoodAndCheck(c *Conn) bool {
	c.OpenForGood()
	return c.Connected() // want `call to \(\*Conn\)\.Connected acquires c\.mu \(c\.mu\.Lock at handoff\.go:30\) while it is already held on this path \(locked through \(\*Conn\)\.OpenForGood at handoff\.go:54\)`
}
