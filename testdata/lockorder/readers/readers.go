// Package readers: a session hands out its input as a reader that holds
// the input's lock until it is closed (TokenReader returns, as an
// interface, a handle made with the Locker it took, whose Close unlocks
// it). Serve reads through a helper that defers the reader's Close, and
// then reports an error under the output lock: the input lock is free by
// then. Reply holds the output lock and takes a reader. Serve's order
// would be input, then output, only if the helper kept its reader open;
// Drain's helper does, and Drain then takes the output lock under the
// input's, against Reply's order.
package readers

import (
	"errors"
	"sync"
)

type TokenReadCloser interface {
	Token() (int, error)
	Close() error
}

type Session struct {
	in struct {
		sync.Locker
		next int
	}
	out struct {
		sync.Locker
		sent int
	}
}

func NewSession() *Session {
	s := &Session{}
	s.in.Locker = &sync.Mutex{}
	s.out.Locker = &sync.Mutex{}
	return s
}

type lockReader struct {
	s   *Session
	err error
	m   sync.Locker
}

func (r *lockReader) Token() (int, error) {
	if r.err != nil {
		return 0, r.err
	}
	r.s.in.next++
	return r.s.in.next, nil
}

func (r *lockReader) Close() error {
	if r.err != nil {
		return nil
	}
	r.err = errors.New("closed")
	r.m.Unlock()
	return nil
}

func (s *Session) TokenReader() TokenReadCloser {
	s.in.Lock()
	return &lockReader{m: s.in.Locker, s: s}
}

func read(s *Session) (int, error) {
	r := s.TokenReader()
	defer r.Close()
	return r.Token()
}

func (s *Session) sendError(err error) error {
	s.out.Lock()
	defer s.out.Unlock()
	s.out.sent++
	return err
}

func (s *Session) Serve() error {
	if _, err := read(s); err != nil {
		return s.sendError(err)
	}
	return nil
}

// Reply holds the output lock and reads the next token.
func (s *Session) Reply() (int, error) {
	s.out.Lock()
	defer s.out.Unlock()
	s.out.sent++
	return read(s) // want `latent: s\.in\.Locker is acquired in read while holding s\.out\.Locker, but \(\*Session\)\.Drain \(readers\.go:\d+\) acquires s\.out\.Locker while holding s\.in\.Locker`
}

// peek takes a reader and leaves it open: its caller holds the input.
func peek(s *Session) (int, error) {
	r := s.TokenReader()
	return r.Token()
}

func (s *Session) Drain() error {
	if _, err := peek(s); err != nil {
		return s.sendError(err) // want `latent: s\.out\.Locker is acquired in \(\*Session\)\.sendError while holding s\.in\.Locker, but \(\*Session\)\.Reply`
	}
	return nil
}
