// Package taskq is a task loop: Run hands a function to the loop's own
// goroutine, which runs the functions it is given one at a time.
package taskq

type task struct {
	fn   func()
	done chan struct{}
}

type Loop struct {
	tasks chan task
}

func New() *Loop {
	l := &Loop{tasks: make(chan task)}
	go l.run()
	return l
}

func (l *Loop) run() {
	for t := range l.tasks {
		t.fn()
		close(t.done)
	}
}

// Run runs f on the loop and waits for it.
func (l *Loop) Run(f func()) {
	done := make(chan struct{})
	l.tasks <- task{fn: f, done: done}
	<-done
}

// Pool hands functions to workers started in a loop: they run at once.
type Pool struct {
	tasks chan task
}

func NewPool(n int) *Pool {
	p := &Pool{tasks: make(chan task)}
	for range n {
		go p.work()
	}
	return p
}

func (p *Pool) work() {
	for t := range p.tasks {
		t.fn()
		close(t.done)
	}
}

// Run runs f on some worker and waits for it.
func (p *Pool) Run(f func()) {
	done := make(chan struct{})
	p.tasks <- task{fn: f, done: done}
	<-done
}
