package made

import (
	"errors"
	"sync"
	"time"
)

// Client hands its write lock to the command that holds the connection
// idle: idle returns the command with encMutex held, when it returns no
// error, and the command's Close gives it back through the encoder the
// command keeps, whose client is c (the lock beginCommand took). The
// command's enc is set in one place only, and otherwise only cleared,
// so idle's cmd.enc.end(), after the store, ends that very encoder:
// also once register has made cmd reachable from the reader.
type Client struct {
	encMutex sync.Mutex
	mu       sync.Mutex
	pending  []*idleCommand
	out      []string
}

// register makes cmd reachable from c: the reader goroutine may look at
// it from now on.
func (c *Client) register(cmd *idleCommand) {
	c.mu.Lock()
	c.pending = append(c.pending, cmd)
	c.mu.Unlock()
}

type commandEncoder struct{ client *Client }

func (c *Client) beginCommand(name string) *commandEncoder {
	c.encMutex.Lock() // unlocked by commandEncoder.end
	c.out = append(c.out, name)
	return &commandEncoder{client: c}
}

func (ce *commandEncoder) end() { ce.client.encMutex.Unlock() }

type idleCommand struct {
	enc *commandEncoder
	err error
}

var errClosedTwice = errors.New("closed twice")

// wait waits for the server's go-ahead.
func (c *Client) wait() error {
	if len(c.out) > 10 {
		return errClosedTwice
	}
	return nil
}

// idle returns the command holding encMutex, or an error having let it
// go.
func (c *Client) idle() (*idleCommand, error) {
	cmd := &idleCommand{}
	c.register(cmd)
	cmd.enc = c.beginCommand("IDLE")
	if err := c.wait(); err != nil {
		cmd.enc.end()
		return nil, err
	}
	return cmd, nil
}

// Close gives the lock back, unless the command failed or is closed.
func (cmd *idleCommand) Close() error {
	if cmd.err != nil {
		return cmd.err
	}
	if cmd.enc == nil {
		return errClosedTwice
	}
	cmd.enc.end()
	cmd.enc = nil
	return nil
}

// Idle holds the connection idle until Close, re-issuing IDLE on every
// tick.
func (c *Client) Idle(tick <-chan time.Time) (*IdleCommand, error) {
	child, err := c.idle()
	if err != nil {
		return nil, err
	}
	cmd := &IdleCommand{stop: make(chan struct{}), done: make(chan struct{})}
	go cmd.run(c, child, tick)
	return cmd, nil
}

type IdleCommand struct {
	stop, done chan struct{}
	err        error
}

// Close stops the command and waits for its goroutine.
func (cmd *IdleCommand) Close() error {
	close(cmd.stop)
	<-cmd.done
	return cmd.err
}

// run closes the previous command, which releases encMutex through its
// encoder's client, before idle takes it again: not a nested acquire.
func (cmd *IdleCommand) run(c *Client, child *idleCommand, tick <-chan time.Time) {
	defer close(cmd.done)
	defer func() {
		if child != nil {
			child.Close()
		}
	}()
	for {
		select {
		case <-tick:
			if cmd.err = child.Close(); cmd.err != nil {
				return
			}
			if child, cmd.err = c.idle(); cmd.err != nil {
				return
			}
		case <-cmd.stop:
			return
		}
	}
}

// Restart forgets to close the previous command: the second idle blocks
// on the lock the first one kept.
func Restart(c *Client, tick <-chan time.Time, stop <-chan struct{}) error {
	for {
		select {
		case <-tick:
			if _, err := c.idle(); err != nil { // want `^certain: \(\*Client\)\.idle while c\.encMutex is still held from the loop's previous iteration`
				return err
			}
		case <-stop:
			return nil
		}
	}
}
