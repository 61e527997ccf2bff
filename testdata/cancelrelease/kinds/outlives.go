package kinds

import (
	"bufio"
	"io"
	"time"
)

// Plugin starts a process under mu and waits for the address the
// process prints. The goroutine that follows the process's log runs for
// the process's whole life, on every path, the successful one too: mu
// does not wait for it, so the timeout branch leaves nothing running
// that the other branch would not.
type Plugin struct{ address string }

func (p *Plugin) Start(stdout, stderr io.Reader) error {
	mu.Lock()
	defer mu.Unlock()
	go func() {
		s := bufio.NewScanner(stderr)
		for s.Scan() {
			work()
		}
	}()
	lines := make(chan string)
	go func() {
		s := bufio.NewScanner(stdout)
		for s.Scan() {
			lines <- s.Text()
		}
	}()
	select {
	case <-time.After(time.Minute):
		return errTimeout
	case line := <-lines:
		p.address = line
		return nil
	}
}

// StartAndWait waits for that goroutine on the successful path: mu
// admits its work there, and the timeout branch lets it run on.
func (p *Plugin) StartAndWait(stderr io.Reader) error {
	mu.Lock()
	defer mu.Unlock()
	copied := make(chan struct{})
	go func() {
		s := bufio.NewScanner(stderr)
		for s.Scan() {
			work()
		}
		close(copied)
	}()
	select {
	case <-time.After(time.Minute):
		return errTimeout // want `mu is released by the deferred release when this returns, on the time\.After branch`
	case <-copied:
		return nil
	}
}
