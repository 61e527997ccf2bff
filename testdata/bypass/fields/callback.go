package fields

import (
	"io"
	"sort"
	"sync"
)

type Collector interface{ SetStatus(rcpt string, err error) }

type Delivery interface {
	BodyNonAtomic(c Collector, body io.Reader)
}

// An SMTPSession hands its delivery a status collector made for the
// call, which the delivery calls back before BodyNonAtomic returns:
// Data holds s.mu around it, so the collector's read of s.msgID is
// guarded. Relay hands the same collector without the lock: the
// callback's read races with Mail (the twin races under -race).
//
// It is safe for concurrent use.
type SMTPSession struct {
	mu       sync.Mutex
	delivery Delivery
	msgID    string
	rcpts    []string
}

func (s *SMTPSession) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgID = ""
	s.rcpts = nil
}

func (s *SMTPSession) Mail(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgID = id
}

func (s *SMTPSession) Rcpt(r string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rcpts = append(s.rcpts, r)
	s.msgID += "+"
}

type statusWrapper struct{ s *SMTPSession }

func (sw statusWrapper) SetStatus(rcpt string, err error) { _ = sw.s.msgID }

func (s *SMTPSession) Data(body io.Reader) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.delivery.BodyNonAtomic(statusWrapper{s}, body)
}

func (s *SMTPSession) Relay(body io.Reader) {
	s.delivery.BodyNonAtomic(statusWrapper{s}, body) // want `Relay reads s\.msgID through BodyNonAtomic → statusWrapper\.SetStatus → sw\.s\.msgID without holding s\.mu`
}

// An LMTPSession keeps its collector: anyone holding the session can
// call it later, without the lock, so its read races with Mail.
//
// It is safe for concurrent use.
type LMTPSession struct {
	mu        sync.Mutex
	delivery  Delivery
	msgID     string
	collector Collector
}

func (s *LMTPSession) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgID = ""
}

func (s *LMTPSession) Mail(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgID = id
}

func (s *LMTPSession) Rcpt() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgID += "+"
}

type lmtpStatus struct{ s *LMTPSession }

func (st lmtpStatus) SetStatus(rcpt string, err error) { _ = st.s.msgID } // want `SetStatus reads st\.s\.msgID without holding st\.s\.mu`

func NewLMTPSession(d Delivery) *LMTPSession {
	s := &LMTPSession{delivery: d}
	s.collector = lmtpStatus{s}
	return s
}

func (s *LMTPSession) Data(body io.Reader) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.delivery.BodyNonAtomic(s.collector, body)
}

// A Counter sorts a copy through sort.Sort with a byN, whose unexported
// bump (no method of sort.Interface) writes c.n: sort.Sort can call only
// Len, Less and Swap, so Sorted writes nothing of the counter's.
//
// It is safe for concurrent use.
type Counter struct {
	mu sync.Mutex
	n  int
}

type byN struct {
	c  *Counter
	xs []int
}

func (b byN) Len() int           { return len(b.xs) }
func (b byN) Less(i, j int) bool { return b.xs[i] < b.xs[j] }
func (b byN) Swap(i, j int)      { b.xs[i], b.xs[j] = b.xs[j], b.xs[i] }
func (b byN) bump()              { b.c.n++ }

func (c *Counter) Add() {
	c.mu.Lock()
	defer c.mu.Unlock()
	byN{c: c}.bump()
}

func (c *Counter) Inc() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
}

func (c *Counter) Get() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

func (c *Counter) Sorted(xs []int) { sort.Sort(byN{c: c, xs: xs}) }
