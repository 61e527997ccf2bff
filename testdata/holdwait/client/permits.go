package client

import (
	"context"

	"golang.org/x/sync/semaphore"
)

// A semaphore with one permit, taken whole, excludes as a mutex does.

// Device: Stop holds the device's only permit and waits for the loop,
// which must take that permit before it can close done.
type Device struct {
	sem     *semaphore.Weighted
	stopped bool
	done    chan struct{}
}

func NewDevice() *Device {
	d := &Device{sem: semaphore.NewWeighted(1), done: make(chan struct{})}
	go d.loop()
	return d
}

// Stop holds d.sem's one permit while it waits on d.done; loop acquires
// d.sem before it can close d.done, so Stop waits forever.
func (d *Device) Stop() {
	d.sem.Acquire(context.Background(), 1)
	defer d.sem.Release(1)
	d.stopped = true
	<-d.done // want `<-d\.done waits for \(\*Device\)\.loop holding d\.sem, but \(\*Device\)\.loop acquires d\.sem before it closes d\.done: a certain deadlock`
}

func (d *Device) loop() {
	for {
		d.sem.Acquire(context.Background(), 1)
		if d.stopped {
			d.sem.Release(1)
			close(d.done)
			return
		}
		d.sem.Release(1)
	}
}

// Token: the same with a channel of one slot as the semaphore.
type Token struct {
	tok     chan struct{}
	stopped bool
	done    chan struct{}
}

func NewToken() *Token {
	t := &Token{tok: make(chan struct{}, 1), done: make(chan struct{})}
	go t.loop()
	return t
}

// Stop holds the token of t.tok while it waits on t.done; loop takes the
// token before it can close t.done, so Stop waits forever.
func (t *Token) Stop() {
	t.tok <- struct{}{}
	defer func() { <-t.tok }()
	t.stopped = true
	<-t.done // want `<-t\.done waits for \(\*Token\)\.loop holding t\.tok, but \(\*Token\)\.loop acquires t\.tok before it closes t\.done`
}

func (t *Token) loop() {
	for {
		t.tok <- struct{}{}
		if t.stopped {
			<-t.tok
			close(t.done)
			return
		}
		<-t.tok
	}
}

// Spare has two permits: while Stop holds one, the loop can take the
// other.
type Spare struct {
	sem     *semaphore.Weighted
	stopped bool
	done    chan struct{}
}

func NewSpare() *Spare {
	p := &Spare{sem: semaphore.NewWeighted(2), done: make(chan struct{})}
	go p.loop()
	return p
}

func (p *Spare) Stop() {
	p.sem.Acquire(context.Background(), 1)
	defer p.sem.Release(1)
	p.stopped = true
	<-p.done
}

func (p *Spare) loop() {
	for {
		p.sem.Acquire(context.Background(), 1)
		if p.stopped {
			p.sem.Release(1)
			close(p.done)
			return
		}
		p.sem.Release(1)
	}
}

// Sized is given its size by its callers: whether a holder leaves
// permits to spare is not known.
type Sized struct {
	sem     *semaphore.Weighted
	stopped bool
	done    chan struct{}
}

func NewSized(n int64) *Sized {
	s := &Sized{sem: semaphore.NewWeighted(n), done: make(chan struct{})}
	go s.loop()
	return s
}

func NewSingle() *Sized {
	s := &Sized{sem: semaphore.NewWeighted(1), done: make(chan struct{})}
	go s.loop()
	return s
}

func (s *Sized) Stop() {
	s.sem.Acquire(context.Background(), 1)
	defer s.sem.Release(1)
	s.stopped = true
	<-s.done
}

func (s *Sized) loop() {
	for {
		s.sem.Acquire(context.Background(), 1)
		if s.stopped {
			s.sem.Release(1)
			close(s.done)
			return
		}
		s.sem.Release(1)
	}
}

// Lent is given its semaphore by a second constructor too: whether it
// has one permit is not known.
type Lent struct {
	sem     *semaphore.Weighted
	stopped bool
	done    chan struct{}
}

func NewLent() *Lent {
	l := &Lent{sem: semaphore.NewWeighted(1), done: make(chan struct{})}
	go l.loop()
	return l
}

func NewLentFrom(sem *semaphore.Weighted) *Lent {
	l := &Lent{sem: sem, done: make(chan struct{})}
	go l.loop()
	return l
}

func (l *Lent) Stop() {
	l.sem.Acquire(context.Background(), 1)
	defer l.sem.Release(1)
	l.stopped = true
	<-l.done
}

func (l *Lent) loop() {
	for {
		l.sem.Acquire(context.Background(), 1)
		if l.stopped {
			l.sem.Release(1)
			close(l.done)
			return
		}
		l.sem.Release(1)
	}
}
