// Package session is a chat client's session: its handlers are guarded
// by handlersMu, and its event loop records the session's id under the
// read lock it holds to run them.
package session

import "sync"

type Session struct {
	handlersMu sync.RWMutex
	handlers   map[string][]func()
	sessionID  string
}

func New() *Session { return &Session{handlers: make(map[string][]func())} }

func (s *Session) AddHandler(event string, h func()) {
	s.handlersMu.Lock()
	defer s.handlersMu.Unlock()
	s.handlers[event] = append(s.handlers[event], h)
}

func (s *Session) Close() { s.handle("disconnect", "") }

func (s *Session) Ready(id string) { s.handle("ready", id) }

func (s *Session) handle(event, id string) {
	s.handlersMu.RLock()
	defer s.handlersMu.RUnlock()
	for _, h := range s.handlers[event] {
		h()
	}
	if event == "ready" {
		s.sessionID = id
	}
}
