package invariants

import "sync"

// cleared's Close sets the pull consumer to nil: a Consume after Close
// resets under the lock it holds.
type cleared struct {
	mu      sync.Mutex
	current *pull
}

func NewCleared() *cleared { return &cleared{current: &pull{}} }

func (c *cleared) reset() {
	c.mu.Lock()
	c.current = &pull{}
	c.mu.Unlock()
}

func (c *cleared) Close() {
	c.mu.Lock()
	c.current = nil
	c.mu.Unlock()
}

// Consume after Close finds c.current nil and resets holding c.mu, and
// reset locks it again: it blocks forever.
func (c *cleared) Consume() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.current == nil {
		c.reset() // want `certain: call to \(\*cleared\)\.reset acquires c\.mu`
	}
	return c.current.name
}

// lazy is built without its pull consumer: the first Consume resets
// under its own lock.
type lazy struct {
	mu      sync.Mutex
	current *pull
}

func NewLazy() *lazy { return &lazy{} }

func (c *lazy) reset() {
	c.mu.Lock()
	c.current = &pull{}
	c.mu.Unlock()
}

// The first Consume finds c.current nil and resets holding c.mu, and
// reset locks it again: it blocks forever.
func (c *lazy) Consume() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.current == nil {
		c.reset() // want `certain: call to \(\*lazy\)\.reset acquires c\.mu`
	}
	return c.current.name
}

// early's constructor consumes before it sets the pull consumer.
type early struct {
	mu      sync.Mutex
	current *pull
	first   string
}

func newEarly() *early {
	c := &early{}
	c.first = c.Consume()
	c.current = &pull{}
	return c
}

func (c *early) reset() {
	c.mu.Lock()
	c.current = &pull{}
	c.mu.Unlock()
}

// The constructor's Consume finds c.current still nil and resets holding
// c.mu, and reset locks it again: it blocks forever.
func (c *early) Consume() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.current == nil {
		c.reset() // want `certain: call to \(\*early\)\.reset acquires c\.mu`
	}
	return c.current.name
}

// pooled consumers are made as a slice of zero values.
type pooled struct {
	mu      sync.Mutex
	current *pull
}

func newPool(n int) []pooled {
	ps := make([]pooled, n)
	for i := range ps {
		ps[i].mu.Lock()
		ps[i].mu.Unlock()
	}
	return ps
}

func NewPooled() *pooled { return &pooled{current: &pull{}} }

func (c *pooled) reset() {
	c.mu.Lock()
	c.current = &pull{}
	c.mu.Unlock()
}

// Consume on a pooled zero element finds c.current nil and resets
// holding c.mu, and reset locks it again: it blocks forever.
func (c *pooled) Consume() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.current == nil {
		c.reset() // want `certain: call to \(\*pooled\)\.reset acquires c\.mu`
	}
	return c.current.name
}

// unchecked stores a lookup that may find nothing.
type unchecked struct {
	mu   sync.Mutex
	conn *conn
}

var conns = map[int]*conn{}

func NewUnchecked(id int) *unchecked { return &unchecked{conn: conns[id]} }

func (s *unchecked) redial() {
	s.mu.Lock()
	s.conn = conns[0]
	s.mu.Unlock()
}

// Send finds s.conn nil when the lookup found nothing and redials
// holding s.mu, and redial locks it again: it blocks forever.
func (s *unchecked) Send() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conn == nil {
		s.redial() // want `certain: call to \(\*unchecked\)\.redial acquires s\.mu`
	}
	return s.conn.id
}

// Consumer is exported: another package can make a zero one.
type Consumer struct {
	mu      sync.Mutex
	current *pull
}

func NewConsumer() *Consumer { return &Consumer{current: &pull{}} }

func (c *Consumer) reset() {
	c.mu.Lock()
	c.current = &pull{}
	c.mu.Unlock()
}

// Consume on a zero Consumer another package made finds c.current nil
// and resets holding c.mu, and reset locks it again: it blocks forever.
func (c *Consumer) Consume() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.current == nil {
		c.reset() // want `certain: call to \(\*Consumer\)\.reset acquires c\.mu`
	}
	return c.current.name
}
