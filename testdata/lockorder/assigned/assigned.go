// Package assigned: a command keeps the encoder it began. Its enc field
// is set in one place and otherwise only cleared, so ending the encoder
// through the command, after the store, gives back the write lock begin
// took, also once register has made the command reachable from another
// goroutine. Send holds no wmu when it takes the registry's lock.
package assigned

import "sync"

type Conn struct {
	wmu   sync.Mutex
	regMu sync.Mutex
	cmds  []*command
}

type encoder struct{ c *Conn }

// begin locks the connection for writing; end unlocks it.
func (c *Conn) begin() *encoder {
	c.wmu.Lock()
	return &encoder{c: c}
}

func (e *encoder) end() { e.c.wmu.Unlock() }

type command struct {
	enc *encoder
	n   int
}

func (c *Conn) register(cmd *command) {
	c.regMu.Lock()
	c.cmds = append(c.cmds, cmd)
	c.regMu.Unlock()
}

// done forgets the command's encoder.
func (cmd *command) done() { cmd.enc = nil }

// Send writes the command and counts it once the write lock is given
// back.
func (c *Conn) Send() {
	cmd := &command{}
	c.register(cmd)
	cmd.enc = c.begin()
	cmd.enc.end()
	c.regMu.Lock()
	cmd.n = len(c.cmds)
	c.regMu.Unlock()
	cmd.done()
}

// SendHeld counts the command before it ends the write: wmu, then
// regMu, the reverse of Flush's order.
func (c *Conn) SendHeld() {
	cmd := &command{}
	c.register(cmd)
	cmd.enc = c.begin()
	c.regMu.Lock() // want `regMu is acquired while holding c\.wmu`
	cmd.n = len(c.cmds)
	c.regMu.Unlock()
	cmd.enc.end()
}

// Flush writes under the registry's lock: regMu, then wmu.
func (c *Conn) Flush() {
	c.regMu.Lock()
	defer c.regMu.Unlock()
	c.begin().end() // want `wmu is acquired in \(\*Conn\)\.begin while holding c\.regMu`
}
