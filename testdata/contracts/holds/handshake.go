package holds

import (
	"context"
	"sync"
)

// A connection whose handshake runs through a func field its
// constructors set (Server: serverHandshake), called with hsMu held:
// serverHandshake builds its state around the connection (hs :=
// serverState{c: c}), and the state's methods call stateLocked, whose
// callers hold c.hsMu by its name. Every call holds it, through the
// field and the state's c, which only the literal sets: not reported.
type TLSConn struct {
	hsMu        sync.Mutex
	handshakeFn func(context.Context) error
	state       int
	done        bool
}

func NewServer() *TLSConn {
	c := &TLSConn{}
	c.handshakeFn = c.serverHandshake
	return c
}

func NewClient() *TLSConn {
	c := &TLSConn{}
	c.handshakeFn = c.clientHandshake
	return c
}

// Handshake runs the handshake once, holding hsMu.
func (c *TLSConn) Handshake(ctx context.Context) error {
	c.hsMu.Lock()
	defer c.hsMu.Unlock()
	if c.done {
		return nil
	}
	c.done = true
	return c.handshakeFn(ctx)
}

// State reads the state under hsMu.
func (c *TLSConn) State() int {
	c.hsMu.Lock()
	defer c.hsMu.Unlock()
	return c.stateLocked()
}

func (c *TLSConn) stateLocked() int { return c.state }

type serverState struct {
	c     *TLSConn
	ready bool
}

func (c *TLSConn) serverHandshake(ctx context.Context) error {
	hs := serverState{c: c}
	return hs.handshake()
}

func (hs *serverState) handshake() error {
	hs.ready = hs.check()
	return nil
}

func (hs *serverState) check() bool {
	hs.c.state++
	return hs.c.stateLocked() > 0
}

func (c *TLSConn) clientHandshake(ctx context.Context) error {
	c.state++
	return nil
}

// SendTicket, for callers that drive the handshake themselves, builds
// the same state and checks it without hsMu: stateLocked runs while
// Handshake or State may hold the lock on another goroutine.
func (c *TLSConn) SendTicket() bool {
	hs := serverState{c: c}
	return hs.ticket()
}

// ticket reads the state without hsMu, reached from SendTicket: it races
// with the state's update in a Handshake on another goroutine.
func (hs *serverState) ticket() bool {
	return hs.c.stateLocked() > 1 // want `certain: \(\*TLSConn\)\.stateLocked requires hs\.c\.hsMu held \(its name, ending in Locked, says so\), but ticket calls it without hs\.c\.hsMu on every path`
}
