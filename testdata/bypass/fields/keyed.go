package fields

import "sync"

// A connection files each subscription under its own id, and under
// nothing else (c.subs[s.sid] = s), as a messaging client indexes its
// subscriptions: a lookup by a subscription's id is that subscription
// or nothing. Drain's unsubscribe locks the one it looked up and writes
// through the one it was given: they are one object, so the write
// holds its lock.
//
// It is safe for concurrent use.
type Sub struct {
	mu     sync.Mutex
	conn   *Conn
	sid    int64
	status int
}

// Conn is safe for concurrent use.
type Conn struct {
	mu   sync.Mutex
	ssid int64
	subs map[int64]*Sub
}

func NewConn() *Conn { return &Conn{subs: make(map[int64]*Sub)} }

func (c *Conn) Subscribe() *Sub {
	s := &Sub{conn: c}
	c.mu.Lock()
	c.ssid++
	s.sid = c.ssid
	c.subs[s.sid] = s
	c.mu.Unlock()
	return s
}

func (c *Conn) Unsubscribe(s *Sub) {
	c.mu.Lock()
	delete(c.subs, s.sid)
	c.mu.Unlock()
}

func (s *Sub) Status() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.status
}

func (s *Sub) Pause() {
	s.mu.Lock()
	s.status = 3
	s.mu.Unlock()
}

func (s *Sub) Close() {
	s.mu.Lock()
	s.status = 2
	s.mu.Unlock()
}

func (s *Sub) Drain() { s.conn.unsubscribe(s) }

func (c *Conn) unsubscribe(sub *Sub) {
	c.mu.Lock()
	s, ok := c.subs[sub.sid]
	c.mu.Unlock()
	if !ok {
		return
	}
	s.mu.Lock()
	sub.setStatus(1)
	s.mu.Unlock()
}

func (s *Sub) setStatus(v int) { s.status = v }

// A tree files each node under its own id too, but looks a node's
// parent up by the parent's id: the lock Reparent takes is the
// parent's, and the node's depth is written without the node's lock.
//
// It is safe for concurrent use.
type Node struct {
	mu     sync.Mutex
	tree   *Tree
	id     int64
	parent int64
	depth  int
}

// Tree is safe for concurrent use.
type Tree struct {
	mu    sync.Mutex
	nodes map[int64]*Node
}

func NewNode(t *Tree, id, parent int64) *Node {
	n := &Node{tree: t, id: id, parent: parent}
	t.mu.Lock()
	t.nodes[n.id] = n
	t.mu.Unlock()
	return n
}

func (t *Tree) Add(n *Node) {
	t.mu.Lock()
	t.nodes[n.id] = n
	t.mu.Unlock()
}

func (n *Node) Depth() int {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.depth
}

func (n *Node) Deepen() {
	n.mu.Lock()
	n.depth++
	n.mu.Unlock()
}

func (n *Node) Reset() {
	n.mu.Lock()
	n.depth = 0
	n.mu.Unlock()
}

func (n *Node) Reparent() { n.tree.reparent(n) } // want `latent: Reparent writes n.depth through \(\*Tree\).reparent → \(\*Node\).setDepth → n.depth without holding n.mu, which guards it in Depth, Deepen, Reset: `

func (t *Tree) reparent(n *Node) {
	t.mu.Lock()
	p := t.nodes[n.parent]
	t.mu.Unlock()
	if p == nil {
		return
	}
	p.mu.Lock()
	n.setDepth(p.depth + 1)
	p.mu.Unlock()
}

func (n *Node) setDepth(d int) {
	n.depth = d
}
