package fields

import (
	"sync"
	"time"
)

// Spinner is a progress bar whose own goroutine redraws it, as a
// terminal progress bar's spinner does: String's unlocked read races
// with that goroutine's write whatever the caller does, so the message
// names the goroutine first among the writers, before the methods a
// caller may only ever call from its own goroutine.
type Spinner struct {
	mu       sync.Mutex
	rendered string
	count    int
}

// NewSpinner starts the goroutine that redraws the bar every tick.
func NewSpinner() *Spinner {
	s := &Spinner{}
	go func() {
		for range time.Tick(time.Millisecond) {
			s.mu.Lock()
			s.render()
			s.mu.Unlock()
		}
	}()
	return s
}

func (s *Spinner) render() { s.rendered = "[" + string(rune('0'+s.count%10)) + "]" }

// Add counts n more and redraws.
func (s *Spinner) Add(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.count += n
	s.render()
}

// Reset starts over.
func (s *Spinner) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.count = 0
	s.render()
}

// Finish draws the last frame.
func (s *Spinner) Finish() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.render()
}

func (s *Spinner) String() string {
	return s.rendered // want `latent: String reads s.rendered without holding s.mu, which guards it in the goroutine NewSpinner starts, Add, Reset: `
}

// recvBuffer locks itself: what a goroutine puts into a stream's buffer
// holds the buffer's lock, as every other path does.
type recvBuffer struct {
	mu      sync.Mutex
	backlog []int
}

func (b *recvBuffer) put(v int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.backlog = append(b.backlog, v)
}

func (b *recvBuffer) drop() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.backlog = b.backlog[:0]
}

// Stream's methods use its buffer under the buffer's lock, b.mu.
type Stream struct {
	id  int
	buf recvBuffer
}

// Drop empties the buffer.
func (s *Stream) Drop() { s.buf.drop() }

// Put adds v to the buffer.
func (s *Stream) Put(v int) { s.buf.put(v) }

// ServerStream embeds a Stream, whose buffer a goroutine fills: named
// from the ServerStream, the buffer's lock is s.Stream.buf.mu, which is
// the lock Stream's methods call s.buf.mu (grpc's HandleStreams).
type ServerStream struct {
	Stream
	method string
}

// Serve makes the stream and starts the goroutine that fills it.
func Serve(body <-chan int) *ServerStream {
	s := &ServerStream{}
	go func() {
		for v := range body {
			s.buf.put(v)
		}
	}()
	return s
}
