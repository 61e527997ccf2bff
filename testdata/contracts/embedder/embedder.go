// Package embedder: a connection's handshake runs through a func field
// that the connection's own constructor sets to its method, and that a
// type embedding the connection sets to a method of its own (uc :=
// UConn{Conn: c}; uc.handshakeFn = uc.clientHandshake). Every call of
// the field holds hsMu, the embedder's through the promoted field: the
// field is settled, its targets run with hsMu held, and the helpers
// they reach keep stateLocked's contract. Stray, the near miss, runs
// the field without hsMu.
package embedder

import (
	"context"
	"sync"
)

type Conn struct {
	hsMu        sync.Mutex
	handshakeFn func(context.Context) error
	state       int
}

func Server() *Conn {
	c := &Conn{}
	c.handshakeFn = c.serverHandshake
	return c
}

// Handshake runs the handshake holding hsMu.
func (c *Conn) Handshake(ctx context.Context) error {
	c.hsMu.Lock()
	defer c.hsMu.Unlock()
	return c.handshakeFn(ctx)
}

// State reads the state under hsMu.
func (c *Conn) State() int {
	c.hsMu.Lock()
	defer c.hsMu.Unlock()
	return c.stateLocked()
}

func (c *Conn) stateLocked() int { return c.state }

type serverState struct{ c *Conn }

func (c *Conn) serverHandshake(ctx context.Context) error {
	hs := serverState{c: c}
	return hs.resume()
}

func (hs *serverState) resume() error {
	hs.c.state++
	if hs.c.stateLocked() > 1 {
		return nil
	}
	return nil
}

// UConn embeds the connection and runs its own client handshake through
// the connection's field.
type UConn struct {
	*Conn
	hello []byte
}

func Client() *UConn {
	c := &Conn{}
	uc := UConn{Conn: c}
	uc.handshakeFn = uc.clientHandshake
	return &uc
}

// HandshakeU takes the embedded connection's lock and runs the field.
func (uc *UConn) HandshakeU(ctx context.Context) error {
	uc.hsMu.Lock()
	defer uc.hsMu.Unlock()
	return uc.handshakeFn(ctx)
}

func (uc *UConn) clientHandshake(ctx context.Context) error {
	uc.hello = append(uc.hello, byte(uc.stateLocked()))
	return nil
}
