// Package invariants holds nested acquires behind a test of a field
// that every construction sets and nothing clears: the branch that would
// re-take the lock never runs on a built object. Each near twin breaks
// one condition of that invariant and is reported.
package invariants

import (
	"errors"
	"sync"
)

type pull struct{ name string }

type source interface {
	create(name string) (any, error)
}

// consumer is an ordered consumer: its constructor makes the first pull
// consumer, and reset replaces it; nothing sets it to nil.
type consumer struct {
	sync.Mutex
	src     source
	current *pull
	serial  int
}

func newConsumer(src source) (*consumer, error) {
	c := &consumer{src: src}
	v, err := src.create("first")
	if err != nil {
		return nil, err
	}
	c.current = v.(*pull)
	return c, nil
}

// reset replaces the pull consumer.
func (c *consumer) reset() error {
	c.Lock()
	defer c.Unlock()
	c.serial++
	v, err := c.src.create("next")
	if err != nil {
		return err
	}
	c.current = v.(*pull)
	return nil
}

// Consume holds the lock and would reset, which locks again, only when
// there is no pull consumer; every constructor made one and nothing
// clears it.
func (c *consumer) Consume() (string, error) {
	c.Lock()
	defer c.Unlock()
	if c.serial >= 0 && c.current == nil {
		if err := c.reset(); err != nil {
			return "", err
		}
	}
	return c.current.name, nil
}

// A result whose error was checked is a value too.
type conn struct{ id int }

func dial(id int) (*conn, error) {
	if id < 0 {
		return nil, errors.New("bad id")
	}
	return &conn{id: id}, nil
}

type session struct {
	mu   sync.Mutex
	conn *conn
}

func newSession(id int) (*session, error) {
	c, err := dial(id)
	if err != nil {
		return nil, err
	}
	return &session{conn: c}, nil
}

func (s *session) redial() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, err := dial(1); err == nil {
		s.conn = c
	}
}

// Send redials under the lock only when there is no connection, which
// never happens.
func (s *session) Send() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conn == nil {
		s.redial()
	}
	return s.conn.id
}
