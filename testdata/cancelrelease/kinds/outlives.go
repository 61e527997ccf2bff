package kinds

import (
	"bufio"
	"io"
	"log"
	"sync"
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
// admits its work there, and the timeout branch lets it run on: when the
// minute passes first, the deferred Unlock lets the next locker in while
// the goroutine still runs work.
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

// A mutex guards state; a goroutine that uses only what nothing writes
// once the value is shared (a name and a logger set at construction)
// does not use the mutex's state, whatever it outlives.
type Runner struct {
	mu     sync.Mutex
	name   string
	logger *log.Logger
	addr   string
}

func NewRunner(name string) *Runner {
	return &Runner{name: name, logger: log.Default()}
}

func (r *Runner) Run(stdout io.Reader) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	lines := make(chan string)
	go func() {
		s := bufio.NewScanner(stdout)
		for s.Scan() {
			r.logger.Printf("%s: %s", r.name, s.Text())
			lines <- s.Text()
		}
	}()
	select {
	case <-time.After(time.Minute):
		return errTimeout
	case line := <-lines:
		r.addr = line
		return nil
	}
}

// Serve's goroutine writes the address the mutex guards: reported. When
// the minute passes first, the deferred Unlock lets the next locker in
// while the goroutine still writes r.addr.
func (r *Runner) Serve(stdout io.Reader) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	lines := make(chan string)
	go func() {
		s := bufio.NewScanner(stdout)
		for s.Scan() {
			r.addr = s.Text()
			lines <- s.Text()
		}
	}()
	select {
	case <-time.After(time.Minute):
		return errTimeout // want `r\.mu is released by the deferred release when this returns, on the time\.After branch`
	case line := <-lines:
		r.addr = line
		return nil
	}
}
