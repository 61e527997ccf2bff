// Package printed: a printer calls its operands' String and Error
// methods in place, with what the caller holds.
package printed

import (
	"errors"
	"fmt"
	"io"
	"log"
	"sync"
)

// Conn's String read-locks the conn it prints.
type Conn struct {
	mu   sync.RWMutex
	name string
	n    int
}

func (c *Conn) String() string {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return "conn " + c.name
}

// Bump logs the conn holding its write lock: log.Printf formats c with
// %v, which calls c.String, which read-locks c.mu.
func (c *Conn) Bump() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
	log.Printf("bumped %v to %d", c, c.n) // want `certain: call to log\.Printf \(which calls \(\*Conn\)\.String\) acquires c\.mu`
}

// Show prints the conn under its read lock: the second read lock waits
// behind a writer (Bump) that queues between the two.
func (c *Conn) Show(w io.Writer) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	fmt.Fprintln(w, "showing", c) // want `latent: call to fmt\.Fprintln \(which calls \(\*Conn\)\.String\) acquires c\.mu .*\(\*Conn\)\.Bump`
}

// Count prints the count and the conn's address: %d and %p do not call
// String.
func (c *Conn) Count() {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Printf("%d %p %T\n", c.n, c, c)
}

// Name prints the name field, a string: nothing of Conn's is called.
func (c *Conn) Name() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return fmt.Sprintf("%s", c.name)
}

// Dump prints c through an interface it was given: which String runs is
// not known here.
func (c *Conn) Dump(v fmt.Stringer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Println(v)
}

// Describe prints c after it lets go of the lock.
func (c *Conn) Describe() string {
	c.mu.Lock()
	n := c.n
	c.mu.Unlock()
	return fmt.Sprintf("%v has %d", c, n)
}

// Peer prints another conn: its String locks that conn's mu, not this
// one's.
func (c *Conn) Peer(other *Conn) {
	c.mu.Lock()
	defer c.mu.Unlock()
	log.Println("peer", other)
}

// Formatted formats itself: fmt calls Format, not String.
type Formatted struct {
	mu   sync.Mutex
	name string
}

func (f *Formatted) String() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.name
}

func (f *Formatted) Format(s fmt.State, verb rune) { io.WriteString(s, "formatted") }

func (f *Formatted) Log() {
	f.mu.Lock()
	defer f.mu.Unlock()
	log.Printf("%v", f)
}

// Failure is an error whose Error locks it: fmt.Errorf's %w calls it.
type Failure struct {
	mu     sync.Mutex
	reason string
}

func (e *Failure) Error() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.reason
}

// Wrap wraps e holding e.mu: fmt.Errorf's %w calls e.Error, which locks
// e.mu again and blocks forever.
func (e *Failure) Wrap() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return fmt.Errorf("wrapped: %w", e) // want `certain: call to fmt\.Errorf \(which calls \(\*Failure\)\.Error\) acquires e\.mu`
}

var errBase = errors.New("base")

// Numbered formats number their operands, which is not followed.
func (e *Failure) Numbered() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return fmt.Errorf("%[2]v: %[1]v", e, errBase)
}
