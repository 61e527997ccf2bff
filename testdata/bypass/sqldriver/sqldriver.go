// Package sqldriver: database/sql never calls a driver.Conn from two
// goroutines at once (its documented contract: it holds the
// connection's lock around every call), so the methods of a Conn run one
// call at a time. Conn.IsValid reads the tracker without the lock that
// Ping writes it under, and races with nothing: both run under
// database/sql's lock. What the connection does on a goroutine of its
// own is not covered: the watcher that QueryContext starts writes
// c.cancelled under c.mu while Cancelled, also a method, reads it bare.
package sqldriver

import (
	"context"
	"database/sql/driver"
	"errors"
	"sync"
)

// Conn is safe for concurrent use.
type Conn struct {
	mu        sync.Mutex
	tracker   *int
	cancelled bool
}

var _ driver.Conn = (*Conn)(nil)

func (c *Conn) Prepare(query string) (driver.Stmt, error) { return nil, errors.New("no") }
func (c *Conn) Close() error                              { return nil }
func (c *Conn) Begin() (driver.Tx, error)                 { return nil, errors.New("no") }

// Ping drops the tracker under the lock.
func (c *Conn) Ping(ctx context.Context) error {
	c.mu.Lock()
	c.tracker = nil
	c.mu.Unlock()
	return nil
}

// ResetSession drops it too.
func (c *Conn) ResetSession(ctx context.Context) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.tracker = nil
	c.cancelled = false
	return nil
}

// IsValid runs under database/sql's lock, as Ping and ResetSession do.
func (c *Conn) IsValid() bool {
	return c.tracker == nil
}

// QueryContext watches the context on a goroutine of its own, which no
// contract covers.
func (c *Conn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	go c.watch(ctx)
	return nil, errors.New("no")
}

func (c *Conn) watch(ctx context.Context) {
	<-ctx.Done()
	c.mu.Lock()
	c.cancelled = true
	c.mu.Unlock()
}

func (c *Conn) Cancelled() bool {
	return c.cancelled // want `^latent: Cancelled reads c\.cancelled without holding c\.mu, which is held where \(\*Conn\)\.watch writes it \(sqldriver\.go:63\), reached from the goroutine QueryContext starts`
}

// Session has Conn's shape but is no driver.Conn: its users may call
// it from any goroutine, and IsValid races with Ping.
//
// It is safe for concurrent use.
type Session struct {
	mu      sync.Mutex
	tracker *int
}

func (s *Session) Ping(ctx context.Context) error {
	s.mu.Lock()
	s.tracker = nil
	s.mu.Unlock()
	return nil
}

func (s *Session) ResetSession(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tracker = nil
	return nil
}

func (s *Session) IsValid() bool {
	return s.tracker == nil // want `^latent: IsValid reads s\.tracker without holding s\.mu, which guards it in Ping, ResetSession`
}
