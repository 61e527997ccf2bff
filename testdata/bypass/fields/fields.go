// Package fields: a mutex guarding fields of the same instance.
package fields

import (
	"maps"
	"strconv"
	"sync"
	"sync/atomic"
)

// Cache is safe for concurrent use.
type Cache struct {
	mu     sync.Mutex
	items  map[string]int
	hits   atomic.Int64  // synchronises itself
	seen   sync.Map      // synchronises itself
	limit  int           // set up before the cache is shared
	done   chan struct{} // a channel: not guarded data
	owner  string        // one guarded and one unguarded use: too little
	owners []string
	audit  []string //gatevet:guardedby mu
}

// NewCache writes the fields before the cache is published.
func NewCache(limit int) *Cache {
	c := &Cache{items: make(map[string]int), limit: limit, done: make(chan struct{})}
	c.items["init"] = 0
	c.resetLocked()
	return c
}

func (c *Cache) Get(k string) (int, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.hits.Add(1)
	v, ok := c.items[k]
	return v, ok
}

func (c *Cache) Put(k string, v int) {
	c.mu.Lock()
	if len(c.items) >= c.limit {
		c.evictLocked()
	}
	c.items[k] = v
	c.mu.Unlock()
}

func (c *Cache) Delete(k string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.items, k)
	c.seen.Store(k, true)
}

// evictLocked is only called with c.mu held: entered holding it.
func (c *Cache) evictLocked() {
	for k := range c.items {
		delete(c.items, k)
		return
	}
}

func (c *Cache) resetLocked() {
	c.items = make(map[string]int)
}

// Clear holds the lock around the helper.
func (c *Cache) Clear() {
	c.mu.Lock()
	c.resetLocked()
	c.mu.Unlock()
}

// Len reads the map without the lock.
func (c *Cache) Len() int {
	return len(c.items) // want `Len reads c\.items without holding c\.mu, which guards it in Clear`
}

// Configure sets the cache up: it writes the limit without any lock,
// so it runs before the cache is shared, and its read is no evidence.
func (c *Cache) Configure(limit int) int {
	c.limit = limit
	return len(c.items)
}

// Twice: two methods read without the lock. Not one that forgot it:
// a discipline this type does not follow.
func (c *Cache) Empty() bool { return len(c.owners) == 0 }

func (c *Cache) Full() bool { return len(c.owners) > c.limit }

func (c *Cache) AddOwner(o string) {
	c.mu.Lock()
	c.owners = append(c.owners, o)
	c.mu.Unlock()
}

func (c *Cache) DropOwner() {
	c.mu.Lock()
	c.owners = c.owners[1:]
	c.mu.Unlock()
}

func (c *Cache) Owners() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.owners
}

func (c *Cache) CountOwners() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.owners)
}

// Queue's Reset calls the locked helper without the lock.
//
// It is safe for concurrent use.
type Queue struct {
	mu    sync.Mutex
	items []int
}

func (q *Queue) Push(x int) {
	q.mu.Lock()
	q.items = append(q.items, x)
	q.mu.Unlock()
}

func (q *Queue) Clear() {
	q.mu.Lock()
	q.resetLocked()
	q.mu.Unlock()
}

func (q *Queue) resetLocked() { q.items = nil }

func (q *Queue) Reset() {
	q.resetLocked() // want `Reset writes q\.items through \(\*Queue\)\.resetLocked → q\.items without holding q\.mu, which guards it in Push, Clear`
}

// Stats reads self-synchronising fields and the constant limit freely.
func (c *Cache) Stats() (int64, int) {
	c.seen.Range(func(k, v any) bool { return true })
	return c.hits.Load(), c.limit
}

// Owner: one guarded use and one unguarded is too little evidence.
func (c *Cache) SetOwner(o string) {
	c.mu.Lock()
	c.owner = o
	c.mu.Unlock()
}

func (c *Cache) Owner() string { return c.owner }

// Audit is annotated: even one unguarded use is reported.
func (c *Cache) Audit(s string) {
	c.mu.Lock()
	c.audit = append(c.audit, s)
	c.mu.Unlock()
}

func (c *Cache) LastAudit() string {
	if len(c.audit) == 0 { // want `LastAudit reads c\.audit without holding c\.mu, which guards it in Audit`
		return ""
	}
	return c.audit[len(c.audit)-1]
}

// SizeLocked declares its contract: callers hold c.mu.
//
//gatevet:holds c.mu
func (c *Cache) SizeLocked() int { return len(c.items) }

// RW: reads under RLock, one write without the lock.
//
// It is safe for concurrent use.
type Table struct {
	mu   sync.RWMutex
	rows []string
}

func (t *Table) Row(i int) string {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.rows[i]
}

func (t *Table) Count() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return len(t.rows)
}

func (t *Table) Add(r string) {
	t.mu.Lock()
	t.rows = append(t.rows, r)
	t.mu.Unlock()
}

func (t *Table) Truncate() {
	t.rows = t.rows[:0] // want `Truncate writes t\.rows without holding t\.mu`
}

// Start sets the cache up before it is shared.
func (c *Cache) Start() { c.items = make(map[string]int) }

// Store: writers of the history take the store's lock and the
// history's; a reader under the store's lock alone is safe.
//
// It is safe for concurrent use.
type history struct {
	mu   sync.Mutex
	last int
}

// Store is safe for concurrent use.
type Store struct {
	world sync.RWMutex
	h     *history
}

func (s *Store) Set(v int) {
	s.world.Lock()
	defer s.world.Unlock()
	s.h.mu.Lock()
	s.h.last = v
	s.h.mu.Unlock()
}

func (s *Store) Bump() {
	s.world.Lock()
	defer s.world.Unlock()
	s.h.mu.Lock()
	s.h.last++
	s.h.mu.Unlock()
}

func (s *Store) Snapshot() int {
	s.world.RLock()
	defer s.world.RUnlock()
	return s.h.last
}

// Bump ranges over an iterator under the lock: the loop body is a
// function of its own, called before the range ends.
func (c *Cache) Bump() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range maps.Keys(c.items) {
		c.items[k]++
	}
}

// Tx is locked by its users; Unlock commits on their behalf, entered
// holding the lock it releases.
//
// It is safe for concurrent use.
type Tx struct {
	mu      sync.Mutex
	pending int
}

func (t *Tx) Lock() { t.mu.Lock() }

func (t *Tx) Unlock() {
	if t.pending > 0 {
		t.pending = 0
	}
	t.mu.Unlock()
}

func (t *Tx) Put() {
	t.mu.Lock()
	t.pending++
	t.mu.Unlock()
}

func (t *Tx) Add(n int) {
	t.mu.Lock()
	t.pending += n
	t.mu.Unlock()
}

// Balancer: the only writer of name reads it without the lock after
// publishing it under the lock.
//
// It is safe for concurrent use.
type Balancer struct {
	mu   sync.Mutex
	name string
}

func (b *Balancer) Update(n string) string {
	b.mu.Lock()
	b.name = n
	b.mu.Unlock()
	return "updated " + b.name
}

func (b *Balancer) Name() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.name
}

func (b *Balancer) Rename(n string) {
	b.mu.Lock()
	b.name = n
	b.mu.Unlock()
}

// lastFunc returns a reader of the table; the returned function must be
// called under t.mu, as its doc says.
func (t *Table) lastFunc() func() int {
	return func() int { return len(t.rows) }
}

func (t *Table) Last() func() int { return t.lastFunc() }

// Index is written only element by element. Element writes are not
// taken as evidence that the field is guarded: a read of the field may
// only copy the map's reference (caddy's Replacer.WithoutFile), and
// every report this shape made on real code was false.
//
// It is safe for concurrent use.
type Index struct {
	mu   sync.Mutex
	byID map[int]string
	ids  []int
}

func (x *Index) Add(id int, s string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.byID[id] = s
	x.ids[0] = id
}

func (x *Index) Remove(id int) {
	x.mu.Lock()
	defer x.mu.Unlock()
	delete(x.byID, id)
}

func (x *Index) Name(id int) string {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.byID[id] + strconv.Itoa(x.ids[0])
}

func (x *Index) Lookup(id int) string {
	return x.byID[id]
}

// A muxed connection writes its own ids while it holds its mux's send
// lock, to keep the order of sends: the mux's lock guards the mux's
// state, and the connection's ids are written under it incidentally.
// Receive writes them without it: no report.
//
// It is safe for concurrent use.
type Mux struct {
	sendMu sync.Mutex
	sendID int
}

type MuxConn struct {
	p   *Mux
	ids []int
}

func (c *MuxConn) Send() {
	c.p.sendMu.Lock()
	c.p.sendID++
	c.ids = append(c.ids, c.p.sendID)
	c.p.sendMu.Unlock()
}

func (c *MuxConn) Do() {
	c.p.sendMu.Lock()
	c.p.sendID++
	c.ids = append(c.ids, c.p.sendID)
	c.p.sendMu.Unlock()
}

func (c *MuxConn) Receive() int {
	id := c.ids[0]
	c.ids = c.ids[1:]
	return id
}
