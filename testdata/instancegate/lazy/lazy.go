// Package lazy: package-level values set lazily inside a package-level
// sync.Once, in a per-instance critical section. The Once runs the write
// once for the whole process; the instance's lock has nothing to do with
// it.
package lazy

import "sync"

type pool struct{ conns []int }

var (
	poolOnce sync.Once
	shared   *pool
)

func newPool() *pool { return &pool{} }

// Client locks its own state and, on first use, sets up the process-wide
// pool through poolOnce.
type Client struct {
	mu    sync.Mutex
	calls int
}

func NewClient() *Client { return &Client{} }

func (c *Client) Call() *pool {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls++
	poolOnce.Do(func() { shared = newPool() })
	return shared
}

// Another per-instance lock that does write the package-level pool:
// two Servers add connections at once.
type Server struct {
	mu sync.Mutex // want `Server\.mu is a per-instance gate, but its critical sections use shared`
}

func NewServer() *Server { return &Server{} }

func (s *Server) Add(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	shared.conns = append(shared.conns, n)
}
