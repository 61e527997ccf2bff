// Package stream: a read that keeps the decoder's lock once the stream
// has ended, saying so in a comment, beside the same read without the
// comment and a comment that covers another return.
package stream

import (
	"encoding/xml"
	"errors"
	"io"
	"sync"
)

var errStream = errors.New("server closed stream with error")

// Client reads one XML stream; Close waits for the server's end of it.
type Client struct {
	mu  sync.Mutex
	dec *xml.Decoder
	c   io.Closer
}

// nextEnd scans for the next end element. At the stream's end it keeps
// c.mu, as its comment says, so that nothing reads the dead stream again.
func (c *Client) nextEnd() (xml.EndElement, error) {
	for {
		c.mu.Lock()
		tok, err := c.dec.Token()
		if err != nil {
			c.mu.Unlock()
			return xml.EndElement{}, err
		}
		if end, ok := tok.(xml.EndElement); ok {
			// Do not unlock the mutex once the stream is closed: nothing
			// may read from it again.
			if end.Name.Local == "error" {
				return end, errStream
			}
			if end.Name.Local == "stream" {
				return end, nil
			}
			c.mu.Unlock()
			return end, nil
		}
		c.mu.Unlock()
	}
}

// Next reads the next token under the lock, which it keeps when the
// stream ends (said on the return's line).
func (c *Client) Next() (xml.Token, error) {
	c.mu.Lock()
	tok, err := c.dec.Token()
	if err == io.EOF {
		return nil, err // the stream is over: leave the decoder locked for good
	}
	c.mu.Unlock()
	return tok, err
}

// Close waits for the server to end the stream, then closes it.
func (c *Client) Close() error {
	for {
		end, err := c.nextEnd()
		if err != nil || end.Name.Local == "stream" {
			return c.c.Close()
		}
	}
}

// Reader is Client without the comment.
type Reader struct {
	mu  sync.Mutex
	dec *xml.Decoder
}

// nextEnd returns at the stream's end still holding r.mu, though it
// releases it on every other end element: each Read after that blocks.
func (r *Reader) nextEnd() (xml.EndElement, error) {
	for {
		r.mu.Lock()
		tok, err := r.dec.Token()
		if err != nil {
			r.mu.Unlock()
			return xml.EndElement{}, err
		}
		if end, ok := tok.(xml.EndElement); ok {
			if end.Name.Local == "stream" {
				return end, nil // want `this return keeps r.mu \(sync.Mutex\) held`
			}
			r.mu.Unlock()
			return end, nil
		}
		r.mu.Unlock()
	}
}

// Read reads up to the next end element.
func (r *Reader) Read() (xml.EndElement, error) { return r.nextEnd() }

// skip's comment speaks of the return in its own branch; the error
// return after it keeps r.mu with no word about it: each failed read
// loses r.mu for good.
func (r *Reader) skip(n int) error {
	r.mu.Lock()
	if n == 0 {
		// Nothing to skip: keep the lock, the caller's Flush releases it.
		return nil
	}
	if _, err := r.dec.Token(); err != nil {
		return err // want `this return keeps r.mu \(sync.Mutex\) held`
	}
	r.mu.Unlock()
	return nil
}

// Flush releases what skip kept.
func (r *Reader) Flush(n int) error {
	if err := r.skip(n); err != nil {
		return err
	}
	if n == 0 {
		r.mu.Unlock()
	}
	return nil
}

// peek's comment says the lock stays held and calls that a bug: it
// documents a mistake, not a design, and the return is reported.
func (r *Reader) peek() (xml.Token, error) {
	r.mu.Lock()
	tok, err := r.dec.Token()
	if err == io.EOF {
		return nil, err // BUG: r.mu stays locked here // want `this return keeps r.mu \(sync.Mutex\) held`
	}
	r.mu.Unlock()
	return tok, err
}

// Peek reads the next token.
func (r *Reader) Peek() (xml.Token, error) { return r.peek() }

// closed reads the next token; at the end of the stream it keeps r.mu,
// as its comment says, naming a bug only to say this is none.
func (r *Reader) closed() (xml.Token, error) {
	r.mu.Lock()
	tok, err := r.dec.Token()
	if err == io.EOF {
		return nil, err // not a bug: r.mu stays locked so nothing reads the dead stream
	}
	r.mu.Unlock()
	return tok, err
}

// Closed reads the next token.
func (r *Reader) Closed() (xml.Token, error) { return r.closed() }
