// Package ended: a lock order taken only after the goroutine that takes
// the opposite order has ended is no inversion. The receive loop closes
// recvDone when it returns, so Close, which waits for that, takes its
// locks when the loop, the only caller of processFlags, is gone. Abort
// takes the same order without waiting: the loop may be in processFlags
// meanwhile.
package ended

import "sync"

type Session struct {
	streamLock sync.Mutex
	streams    map[int]*Stream
	shutdown   chan struct{}
	recvDone   chan struct{}
	frames     chan frame
}

type Stream struct {
	stateLock sync.Mutex
	session   *Session
	id        int
	closed    bool
}

type frame struct{ kind, id, flags int }

// handlers are the receive loop's, by frame kind.
var handlers = []func(*Session, frame){(*Session).handleData, (*Session).handleReset}

func New(frames chan frame) *Session {
	s := &Session{streams: make(map[int]*Stream), shutdown: make(chan struct{}), recvDone: make(chan struct{}), frames: frames}
	go s.recvLoop()
	return s
}

func (s *Session) recvLoop() {
	defer close(s.recvDone)
	for {
		select {
		case <-s.shutdown:
			return
		case f := <-s.frames:
			handlers[f.kind](s, f)
		}
	}
}

func (s *Session) handleData(f frame) {
	if st := s.stream(f.id); st != nil {
		st.processFlags(f.flags)
	}
}

func (s *Session) handleReset(f frame) {
	if st := s.stream(f.id); st != nil {
		st.processFlags(1)
	}
}

func (s *Session) stream(id int) *Stream {
	s.streamLock.Lock()
	defer s.streamLock.Unlock()
	return s.streams[id]
}

func (st *Stream) processFlags(flags int) {
	st.stateLock.Lock()
	defer st.stateLock.Unlock()
	if flags&1 != 0 {
		st.session.closeStream(st.id) // want `latent: st\.session\.streamLock is acquired in \(\*Session\)\.closeStream while holding st\.stateLock, but \(\*Session\)\.Abort`
	}
}

func (s *Session) closeStream(id int) {
	s.streamLock.Lock()
	delete(s.streams, id)
	s.streamLock.Unlock()
}

// Close stops the loop and waits for it to end before it takes the
// streams' locks under its own.
func (s *Session) Close() {
	close(s.shutdown)
	<-s.recvDone
	s.streamLock.Lock()
	defer s.streamLock.Unlock()
	for _, st := range s.streams {
		st.forceClose()
	}
}

// Abort does the same without waiting for the loop.
func (s *Session) Abort() {
	close(s.shutdown)
	s.streamLock.Lock()
	defer s.streamLock.Unlock()
	for _, st := range s.streams {
		st.forceClose() // want `latent: st\.stateLock is acquired in \(\*Stream\)\.forceClose while holding s\.streamLock, but \(\*Stream\)\.processFlags`
	}
}

func (st *Stream) forceClose() {
	st.stateLock.Lock()
	st.closed = true
	st.stateLock.Unlock()
}
