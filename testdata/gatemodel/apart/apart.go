// Package apart: which points the concurrency model knows run apart.
// point("x") marks a program point; check("x") asks whether the check
// and the point can run at the same time.
package apart

import "sync"

func point(string) {}
func check(string) {}

type Conn struct {
	quit, done, other chan struct{}
	wg                sync.WaitGroup
}

func New() *Conn {
	c := &Conn{quit: make(chan struct{}), done: make(chan struct{}), other: make(chan struct{})}
	go c.loop()
	c.wg.Add(1)
	go c.worker()
	return c
}

// loop signals its end on done: what runs within it (step, and what
// step calls) happens before a receive from done returns.
func (c *Conn) loop() {
	defer close(c.done)
	for {
		select {
		case <-c.quit:
			return
		default:
			c.step()
		}
	}
}

func (c *Conn) step() {
	point("step")
	c.deeper()
}

func (c *Conn) deeper() { point("deeper") }

func (c *Conn) worker() {
	defer c.wg.Done()
	point("worker")
	c.shared()
}

// shared is called by worker and by Poke, which any goroutine may call.
func (c *Conn) shared() { point("shared") }

func (c *Conn) Poke() { c.shared() }

func (c *Conn) Close() {
	close(c.quit)
	check("step") // want `^not apart$`
	<-c.done
	check("step")   // want `^apart: runs after the receive from c\.done \(apart\.go:59\), which waits for \(\*Conn\)\.loop to return: it closes c\.done when it does \(apart\.go:27\)$`
	check("deeper") // want `^apart: runs after the receive from c\.done \(apart\.go:59\), which waits for \(\*Conn\)\.loop`
	check("worker") // want `^not apart$`
	c.wg.Wait()
	check("worker") // want `^apart: runs after c\.wg\.Wait \(apart\.go:63\), which waits for \(\*Conn\)\.worker to return: it calls c\.wg\.Done when it does \(apart\.go:46\)$`
	check("shared") // want `^not apart$`
}

// Maybe waits on one path only.
func (c *Conn) Maybe(wait bool) {
	if wait {
		<-c.done
	}
	check("step") // want `^not apart$`
}

// Other waits for a channel the loop does not close.
func (c *Conn) Other() {
	<-c.other
	check("step") // want `^not apart$`
}

// A run loop: one goroutine per Loop, and nothing else calls run or
// what it calls, so onA and onB run one after the other.
type Loop struct {
	events chan int
}

func NewLoop() *Loop {
	l := &Loop{events: make(chan int)}
	go l.run()
	return l
}

func (l *Loop) run() {
	for e := range l.events {
		if e == 0 {
			l.onA()
		} else {
			l.onB()
		}
	}
}

func (l *Loop) onA() { point("onA") }

func (l *Loop) onB() {
	check("onA") // want `^apart: runs only on the goroutine started at apart\.go:\d+, as the other does: \(\*Loop\)\.run runs one per object, and nothing else calls it$`
}

// Workers are started in a loop: several goroutines run spin on one
// Pool at once.
type Workers struct{ jobs chan int }

func NewWorkers(n int) *Workers {
	w := &Workers{jobs: make(chan int)}
	for range n {
		go w.spin()
	}
	return w
}

func (w *Workers) spin() {
	for j := range w.jobs {
		if j == 0 {
			w.onX()
		} else {
			w.onY()
		}
	}
}

func (w *Workers) onX() { point("onX") }

func (w *Workers) onY() {
	check("onX") // want `^not apart$`
}

// Restart starts a loop on a Loop it did not make: called twice, two
// goroutines run it on one Loop.
func (l *Loop) Restart() { go l.again() }

func (l *Loop) again() {
	l.onC()
	l.onD()
}

func (l *Loop) onC() { point("onC") }

func (l *Loop) onD() {
	check("onC") // want `^not apart$`
}
