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

// A metrics cache that read-locks its own maps while it reports, and on
// the way sets up the process-wide reporter unguarded: read locks do
// not exclude each other, not even on one cache, so the cache's lock is
// no gate of the reporter at all (its race is a plain lazy-init race,
// not one of instances). Not reported.
type reporter struct{ reports int }

var rep *reporter

type MetricsCache struct {
	mux   sync.RWMutex
	kinds map[string]bool
}

func NewMetricsCache() *MetricsCache { return &MetricsCache{kinds: map[string]bool{}} }

func (c *MetricsCache) AddKind(k string) {
	c.mux.Lock()
	defer c.mux.Unlock()
	c.kinds[k] = true
}

func (c *MetricsCache) Report() {
	c.mux.RLock()
	defer c.mux.RUnlock()
	if rep == nil {
		rep = &reporter{}
	}
	rep.reports += len(c.kinds)
}

// A stats cache that write-locks while it reports: each cache's reports
// are serialised, but two caches still set up and bump the reporter at
// once.
type StatsCache struct {
	mux   sync.RWMutex // want `StatsCache\.mux is a per-instance gate, but its critical sections use rep`
	kinds map[string]bool
}

func NewStatsCache() *StatsCache { return &StatsCache{kinds: map[string]bool{}} }

func (c *StatsCache) Report() {
	c.mux.Lock()
	defer c.mux.Unlock()
	if rep == nil {
		rep = &reporter{}
	}
	rep.reports += len(c.kinds)
}
