// Package wrap: a lock of a wrapper made for one call and dropped with
// it, beside the same wrapper kept by its caller.
package wrap

import (
	"io"
	"sync"
)

type frame struct {
	mu sync.Mutex
	r  io.Reader
}

func newFrame(r io.Reader) *frame { return &frame{r: r} }

// read keeps f.mu when the length cannot be read; every call reads from
// a frame made for it and dropped after it, so nothing ever waits for
// that lock.
func (f *frame) read() ([]byte, error) {
	f.mu.Lock()
	var n [1]byte
	if _, err := io.ReadFull(f.r, n[:]); err != nil {
		return nil, err
	}
	buf := make([]byte, n[0])
	_, err := io.ReadFull(f.r, buf)
	f.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return buf, nil
}

// Serve reads each packet through a frame of its own.
func Serve(r io.Reader, out chan<- []byte) {
	for {
		b, err := newFrame(r).read()
		if err != nil {
			return
		}
		out <- b
	}
}

// ReadOne makes the frame in place.
func ReadOne(r io.Reader) ([]byte, error) { return (&frame{r: r}).read() }

// Stream keeps its frame across calls.
type Stream struct{ f *frame }

func NewStream(r io.Reader) *Stream { return &Stream{f: newFrame(r)} }

// next keeps f.mu when the length cannot be read, on a frame the
// stream keeps: the stream's next read blocks forever on it.
func (f *frame) next() ([]byte, error) {
	f.mu.Lock()
	var n [1]byte
	if _, err := io.ReadFull(f.r, n[:]); err != nil {
		return nil, err // want `certain: .*f\.mu`
	}
	buf := make([]byte, n[0])
	_, err := io.ReadFull(f.r, buf)
	f.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return buf, nil
}

// Next reads through the stream's frame: after a failed length read
// keeps s.f.mu, the next Next blocks forever on it.
func (s *Stream) Next() ([]byte, error) { return s.f.next() }

// again keeps f.mu when the length cannot be read, on a frame its
// caller uses after the call: Twice's second read blocks forever on it.
func (f *frame) again() ([]byte, error) {
	f.mu.Lock()
	var n [1]byte
	if _, err := io.ReadFull(f.r, n[:]); err != nil {
		return nil, err // want `certain: .*f\.mu`
	}
	f.mu.Unlock()
	return n[:], nil
}

// Twice reads twice from one frame it made: a failed first read leaves
// f.mu held, and the second read blocks forever on it.
func Twice(r io.Reader) error {
	f := newFrame(r)
	if _, err := f.again(); err != nil {
		_, err = f.again()
		return err
	}
	return nil
}
