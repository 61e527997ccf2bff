package backptr

import "sync"

// A Cluster's nodes are each made for it and point back at it: every
// element of c.nodes has c as its cluster.
type Cluster struct {
	mu    sync.RWMutex
	term  int
	nodes map[string]*node
	queue *scanQueue
}

type node struct {
	cluster *Cluster
	name    string
}

type scanQueue struct {
	mu sync.Mutex
}

func newNode(c *Cluster, name string) *node { return &node{cluster: c, name: name} }

func NewCluster(names []string) *Cluster {
	c := &Cluster{nodes: make(map[string]*node), queue: &scanQueue{}}
	for _, n := range names {
		c.nodes[n] = newNode(c, n)
	}
	return c
}

func (c *Cluster) Join(name string) {
	c.mu.Lock()
	c.nodes[name] = &node{cluster: c, name: name}
	c.mu.Unlock()
}

func (c *Cluster) Leave(name string) {
	c.mu.Lock()
	delete(c.nodes, name)
	c.mu.Unlock()
}

// Term is the writer that queues between two read locks.
func (c *Cluster) Term() {
	c.mu.Lock()
	c.term++
	c.mu.Unlock()
}

func (c *Cluster) status() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.term
}

func (q *scanQueue) maybeAdd(n *node) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.shouldQueue(n)
}

func (q *scanQueue) shouldQueue(n *node) bool { return truncatable(n) }

func truncatable(n *node) bool { return n.cluster.status() > 0 }

// Scan read-locks c.mu and, three calls down, each node read-locks
// n.cluster.mu, which is c.mu: a Term that queues between the two
// deadlocks both.
func (c *Cluster) Scan() {
	c.mu.RLock()
	defer c.mu.RUnlock()
	for _, n := range c.nodes {
		c.queue.maybeAdd(n) // want `latent: call to \(\*scanQueue\)\.maybeAdd acquires c\.mu`
	}
}

// Probe looks one node up and reads its cluster's term under c.mu (with
// ok; Peek without).
func (c *Cluster) Probe(name string) int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if n, ok := c.nodes[name]; ok {
		return truncatable2(n)
	}
	return 0
}

// Every caller of truncatable2 holds n.cluster.mu: the report is here,
// once.
func truncatable2(n *node) int {
	return n.cluster.status() // want `latent: call to \(\*Cluster\)\.status acquires n\.cluster\.mu \(c\.mu\.RLock at replicas\.go:\d+\) while every caller of truncatable2 holds n\.cluster\.mu \(\(\*Cluster\)\.Probe, read-locked at replicas\.go:\d+; \(\*Cluster\)\.Peek`
}

// Peek looks a node up without ok: a missing one is nil, and the call
// panics rather than nests; a present one nests.
func (c *Cluster) Peek(name string) int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return truncatable2(c.nodes[name])
}

// Count takes no lock: nothing nests.
func (c *Cluster) Count() int {
	n := 0
	for _, x := range c.nodes {
		if truncatable(x) {
			n++
		}
	}
	return n
}

// A Pool's workers move between pools (Steal puts another pool's worker
// in p.workers), so w.pool need not be p.
type Pool struct {
	mu      sync.RWMutex
	size    int
	workers map[int]*worker
}

type worker struct {
	pool *Pool
}

func NewPool() *Pool {
	p := &Pool{workers: make(map[int]*worker)}
	p.workers[0] = &worker{pool: p}
	return p
}

func (p *Pool) Steal(from *Pool, id int) {
	p.mu.Lock()
	p.workers[id] = from.workers[id]
	p.mu.Unlock()
}

func (p *Pool) Grow() {
	p.mu.Lock()
	p.size++
	p.mu.Unlock()
}

func (w *worker) capacity() int {
	w.pool.mu.RLock()
	defer w.pool.mu.RUnlock()
	return w.pool.size
}

// Total read-locks p.mu and each worker's pool, which may be another.
func (p *Pool) Total() int {
	p.mu.RLock()
	defer p.mu.RUnlock()
	n := 0
	for _, w := range p.workers {
		n += w.capacity()
	}
	return n
}
