package runloop

import "sync"

// A session's run loop is started at two sites, a dial and an accept,
// each on a session a constructor makes for that call (and registers
// before returning it): one goroutine per session, so the two orders the
// loop takes never meet.

type session struct {
	sendMu, recvMu sync.Mutex
	events         chan int
	sent, recvd    int
}

type Endpoint struct {
	mu       sync.Mutex
	sessions map[int]*session
}

func (e *Endpoint) newSession(id int) *session {
	s := &session{events: make(chan int)}
	e.mu.Lock()
	e.sessions[id] = s
	e.mu.Unlock()
	return s
}

func (e *Endpoint) Dial(id int) {
	s := e.newSession(id)
	go s.run()
}

func (e *Endpoint) Accept(id int, done chan<- int) {
	s := e.newSession(id)
	go func() {
		s.run()
		done <- id
	}()
}

func (s *session) run() {
	for ev := range s.events {
		if ev == 0 {
			s.flush()
		} else {
			s.ack()
		}
	}
}

func (s *session) flush() {
	s.sendMu.Lock()
	defer s.sendMu.Unlock()
	s.recvMu.Lock()
	s.sent = s.recvd
	s.recvMu.Unlock()
}

func (s *session) ack() {
	s.recvMu.Lock()
	defer s.recvMu.Unlock()
	s.sendMu.Lock()
	s.recvd = s.sent
	s.sendMu.Unlock()
}

// A constructor that hands back the session already registered under
// the id: dialling one id twice starts two loops on one session.

type peer struct {
	sendMu, recvMu sync.Mutex
	events         chan int
	sent, recvd    int
}

type Router struct {
	mu    sync.Mutex
	peers map[int]*peer
}

func (r *Router) peerFor(id int) *peer {
	r.mu.Lock()
	defer r.mu.Unlock()
	if p, ok := r.peers[id]; ok {
		return p
	}
	p := &peer{events: make(chan int)}
	r.peers[id] = p
	return p
}

func (r *Router) Dial(id int) *peer {
	p := r.peerFor(id)
	go p.run()
	return p
}

func (p *peer) run() {
	for ev := range p.events {
		if ev == 0 {
			p.flush()
		} else {
			p.ack()
		}
	}
}

func (p *peer) flush() {
	p.sendMu.Lock()
	defer p.sendMu.Unlock()
	p.recvMu.Lock() // want `latent: p\.recvMu is acquired while holding p\.sendMu, but \(\*peer\)\.ack`
	p.sent = p.recvd
	p.recvMu.Unlock()
}

func (p *peer) ack() {
	p.recvMu.Lock()
	defer p.recvMu.Unlock()
	p.sendMu.Lock() // want `latent: p\.sendMu is acquired while holding p\.recvMu, but \(\*peer\)\.flush`
	p.recvd = p.sent
	p.sendMu.Unlock()
}

// Events hands the peer's event channel to the caller.
func (p *peer) Events() chan<- int { return p.events }
