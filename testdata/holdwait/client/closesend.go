package client

import "sync"

// A framer whose writer sends a reset on an unbuffered channel holding
// writeMu; its monitor, when the connection closes, takes writeMu to
// close the channel and clear it. Nothing else receives: the send waits
// for the close, and the close waits for writeMu.
type Framer struct {
	writeMu sync.Mutex
	resetC  chan bool
	closing chan struct{}
}

func NewFramer() *Framer {
	f := &Framer{resetC: make(chan bool), closing: make(chan struct{})}
	go f.monitor()
	return f
}

func (f *Framer) monitor() {
	reset := f.resetC
	<-f.closing
	f.writeMu.Lock()
	close(reset)
	f.resetC = nil
	f.writeMu.Unlock()
}

// WriteFrame sends holding writeMu: the monitor closes resetC only once
// it holds writeMu, so a write that starts before the close waits for good.
func (f *Framer) WriteFrame() {
	f.writeMu.Lock()
	defer f.writeMu.Unlock()
	if f.resetC == nil {
		return
	}
	f.resetC <- true // want `certain: f\.resetC <- … waits for \(\*Framer\)\.monitor holding f\.writeMu, but \(\*Framer\)\.monitor locks f\.writeMu before it closes f\.resetC`
}

// IdleFramer's monitor also receives the resets, without the lock, until
// the connection closes: a write waits for it only when it is past the
// receive, on its way to the close.
type IdleFramer struct {
	writeMu sync.Mutex
	resetC  chan bool
	closing chan struct{}
	idle    int
}

func NewIdleFramer() *IdleFramer {
	f := &IdleFramer{resetC: make(chan bool), closing: make(chan struct{})}
	go f.monitor()
	return f
}

func (f *IdleFramer) monitor() {
	reset := f.resetC
	for {
		select {
		case <-reset:
			f.idle = 0
		case <-f.closing:
			f.writeMu.Lock()
			close(reset)
			f.resetC = nil
			f.writeMu.Unlock()
			return
		}
	}
}

func (f *IdleFramer) WriteFrame() {
	f.writeMu.Lock()
	defer f.writeMu.Unlock()
	if f.resetC == nil {
		return
	}
	f.resetC <- true // want `latent: f\.resetC <- … waits for \(\*IdleFramer\)\.monitor holding f\.writeMu, and \(\*IdleFramer\)\.monitor locks f\.writeMu on some paths before it closes f\.resetC`
}

// QuietFramer's monitor closes the channel before it takes the lock to
// clear it: the close never waits for the writer's lock.
type QuietFramer struct {
	writeMu sync.Mutex
	resetC  chan bool
	closing chan struct{}
}

func NewQuietFramer() *QuietFramer {
	f := &QuietFramer{resetC: make(chan bool), closing: make(chan struct{})}
	go f.monitor()
	return f
}

func (f *QuietFramer) monitor() {
	reset := f.resetC
	<-f.closing
	close(reset)
	f.writeMu.Lock()
	f.resetC = nil
	f.writeMu.Unlock()
}

func (f *QuietFramer) WriteFrame() {
	f.writeMu.Lock()
	defer f.writeMu.Unlock()
	if f.resetC == nil {
		return
	}
	f.resetC <- true
}
