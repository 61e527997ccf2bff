package handle

import (
	"errors"
	"sync"
)

// A stream hands out its input as a reader that holds the input's lock
// until it is closed: TokenReader locks s.in and returns, as an
// interface, a handle made with the Locker it took (the embedded field
// of s.in); the handle's Close unlocks it on its first call. Next takes
// a reader and defers its Close, so the read loop takes the lock afresh
// on each pass. Skip forgets to close its reader: the loop that calls it
// blocks on the second pass.
type TokenReadCloser interface {
	Token() (int, error)
	Close() error
}

type Stream struct {
	in struct {
		sync.Locker
		next int
	}
}

func NewStream() *Stream {
	s := &Stream{}
	s.in.Locker = &sync.Mutex{}
	return s
}

type lockReader struct {
	s   *Stream
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

func (s *Stream) TokenReader() TokenReadCloser {
	s.in.Lock()
	return &lockReader{m: s.in.Locker, s: s}
}

func next(s *Stream) (int, error) {
	r := s.TokenReader()
	defer r.Close()
	return r.Token()
}

func (s *Stream) Serve() error {
	for {
		if _, err := next(s); err != nil {
			return err
		}
	}
}

func skip(s *Stream) error {
	r := s.TokenReader()
	_, err := r.Token()
	return err
}

func (s *Stream) Skip() error {
	for {
		if err := skip(s); err != nil { // want `latent: skip while s\.in\.Locker is still held from the loop.s previous iteration .*when that sync\.Locker is a mutex`
			return err
		}
	}
}
