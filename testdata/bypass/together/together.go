// Package together holds the field shape where only the package's own
// code can show that two methods run at once. By Go's convention a type
// is not safe for concurrent use unless its doc says so: two methods of
// an undocumented type, one of which forgot the lock, may both be called
// by the one goroutine that owns the value. A goroutine the package
// starts, or a doc comment that says the type's values are used
// concurrently, shows that they meet.
package together

import (
	"sync"
	"time"
)

// A Counter counts events. Its Value forgot the lock that Inc and Add
// take, but nothing says a Counter is shared: its owner may call all
// three from one goroutine. Not reported.
type Counter struct {
	mu sync.Mutex
	n  int
}

func (c *Counter) Inc() {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
}

func (c *Counter) Add(d int) {
	c.mu.Lock()
	c.n += d
	c.mu.Unlock()
}

func (c *Counter) Value() int { return c.n }

// A Meter counts events too, and is safe for concurrent use by multiple
// goroutines: its Value races with an Inc on another goroutine.
type Meter struct {
	mu sync.Mutex
	n  int
}

func (m *Meter) Inc() {
	m.mu.Lock()
	m.n++
	m.mu.Unlock()
}

func (m *Meter) Add(d int) {
	m.mu.Lock()
	m.n += d
	m.mu.Unlock()
}

func (m *Meter) Value() int { return m.n } // want `^latent: Value reads m\.n without holding m\.mu, which guards it in Inc, Add: Meter's doc says "A Meter counts events too, and is safe for concurrent use by multiple goroutines: its Value races with an Inc on another goroutine\.", so when one of them runs on another goroutine meanwhile, this path races with it; hold m\.mu around the use$`

// A Gauge's doc denies it: not reported.
//
// A Gauge is not safe for concurrent use.
type Gauge struct {
	mu sync.Mutex
	v  int
}

func (g *Gauge) Set(v int) {
	g.mu.Lock()
	g.v = v
	g.mu.Unlock()
}

func (g *Gauge) Reset() {
	g.mu.Lock()
	g.v = 0
	g.mu.Unlock()
}

func (g *Gauge) Get() int { return g.v }

// A Clock's constructor starts the goroutine that ticks it: Now, called
// by whoever holds the clock, runs beside the ticks.
type Clock struct {
	mu   sync.Mutex
	now  time.Time
	tick int
}

func NewClock() *Clock {
	c := &Clock{}
	go c.run()
	return c
}

func (c *Clock) run() {
	for t := range time.Tick(time.Second) {
		c.mu.Lock()
		c.now = t
		c.tick++
		c.mu.Unlock()
	}
}

func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

func (c *Clock) Now() time.Time { return c.now } // want `^latent: Now reads c\.now without holding c\.mu, which guards it in the goroutine NewClock starts, Set: when one of them runs`

// A Dial's ticker is started the same way, but Last holds the lock: not
// reported.
type Dial struct {
	mu  sync.Mutex
	now time.Time
}

func NewDial() *Dial {
	d := &Dial{}
	go d.run()
	return d
}

func (d *Dial) run() {
	for t := range time.Tick(time.Second) {
		d.mu.Lock()
		d.now = t
		d.mu.Unlock()
	}
}

func (d *Dial) Set(t time.Time) {
	d.mu.Lock()
	d.now = t
	d.mu.Unlock()
}

func (d *Dial) Last() time.Time {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.now
}

// An Index builds itself with workers that Build waits for: Extract,
// exported, runs on them only within Build's call, so it shows nothing
// about Errors, which the index's owner calls before or after Build. Not
// reported.
type Index struct {
	mu   sync.Mutex
	errs []error
}

func (x *Index) Build(n int) {
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x.Extract()
		}()
	}
	wg.Wait()
}

func (x *Index) Extract() {
	x.mu.Lock()
	x.errs = append(x.errs, nil)
	x.mu.Unlock()
}

func (x *Index) Reset() {
	x.mu.Lock()
	x.errs = nil
	x.mu.Unlock()
}

func (x *Index) Errors() []error { return x.errs }

// The package's default Poller is refreshed by a goroutine its
// initialiser starts and nothing waits for: Refresh runs beside whatever
// the package's users do, so Last, which reads without the lock, races
// with it.
type Poller struct {
	mu   sync.Mutex
	last time.Time
}

var defaultPoller = &Poller{}

func init() { go defaultPoller.loop() }

func (p *Poller) loop() {
	for range time.Tick(time.Second) {
		p.Refresh()
	}
}

func (p *Poller) Refresh() {
	p.mu.Lock()
	p.last = time.Now()
	p.mu.Unlock()
}

func (p *Poller) Stamp(t time.Time) {
	p.mu.Lock()
	p.last = t
	p.mu.Unlock()
}

func (p *Poller) Last() time.Time { return p.last } // want `^latent: Last reads p\.last without holding p\.mu, which guards it in Refresh, Stamp: Refresh runs on a goroutine started at together\.go:\d+ that nothing waits for, so when one of them runs`

// A Catalog's loader, started by the package's initialiser and never
// waited for, builds shards and sets them up with Configure before it
// publishes them: its Configure calls are on shards nobody else holds
// yet, so they say nothing of the shard a user reads Mode of. Not
// reported.
type Shard struct {
	mu   sync.Mutex
	mode int
}

func (s *Shard) Configure(m int) {
	s.mu.Lock()
	s.mode = m
	s.mu.Unlock()
}

func (s *Shard) Reset() {
	s.mu.Lock()
	s.mode = 0
	s.mu.Unlock()
}

func (s *Shard) Mode() int { return s.mode }

var (
	shardsMu sync.Mutex
	shards   []*Shard
)

func init() { go loadShards() }

func loadShards() {
	for range time.Tick(time.Second) {
		s := &Shard{}
		s.Configure(1)
		shardsMu.Lock()
		shards = append(shards, s)
		shardsMu.Unlock()
	}
}
