// Package owned: a lock order taken on an object that is not yet
// published is no inversion: no other goroutine can hold, or wait for,
// the new object's lock. Once the object is published, the same order is.
package owned

import "sync"

type Tree struct {
	mu    sync.Mutex
	nodes []*Node
}

type Node struct {
	mu   sync.Mutex
	tree *Tree
	name string
}

// Walk takes the tree's lock, then each node's.
func (t *Tree) Walk(visit func(string)) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, n := range t.nodes {
		n.mu.Lock() // want `latent: n\.mu is acquired while holding t\.mu, but \(\*Node\)\.Attach`
		visit(n.name)
		n.mu.Unlock()
	}
}

// Add sets a new node up under its own lock and links it into the tree
// under the tree's: the node is published only by the append, after both
// locks are taken, so Walk cannot be waiting for it.
func (t *Tree) Add(name string) *Node {
	n := &Node{tree: t}
	n.mu.Lock()
	defer n.mu.Unlock()
	t.mu.Lock()
	n.name = name
	t.nodes = append(t.nodes, n)
	t.mu.Unlock()
	return n
}

// AddWith does the same through an unexported helper that every call
// hands a node its caller made.
func (t *Tree) AddWith(name string) *Node {
	n := new(Node)
	n.link(t, name)
	return n
}

func (n *Node) link(t *Tree, name string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	t.mu.Lock()
	n.tree, n.name = t, name
	t.nodes = append(t.nodes, n)
	t.mu.Unlock()
}

// AddPublished links the node in first and takes the two locks after:
// Walk may by then hold the tree's lock and wait for the node's.
func (t *Tree) AddPublished(name string) *Node {
	n := &Node{tree: t}
	t.register(n)
	n.mu.Lock()
	defer n.mu.Unlock()
	t.mu.Lock() // want `latent: t\.mu is acquired while holding n\.mu, but \(\*Tree\)\.Walk`
	n.name = name
	t.mu.Unlock()
	return n
}

func (t *Tree) register(n *Node) {
	t.mu.Lock()
	t.nodes = append(t.nodes, n)
	t.mu.Unlock()
}

// Rename takes a published node's lock, then its tree's, through the
// helper that AddWith calls on a new node: here the node is not new.
func (n *Node) Rename(name string) {
	n.relink(name)
}

func (n *Node) relink(name string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.tree.mu.Lock() // want `latent: n\.tree\.mu is acquired while holding n\.mu, but \(\*Tree\)\.Walk`
	n.name = name
	n.tree.mu.Unlock()
}

// Attach is exported: another package may call it on a node it has
// published, whatever this package's own calls hand it.
func (n *Node) Attach(t *Tree) {
	n.mu.Lock()
	defer n.mu.Unlock()
	t.mu.Lock() // want `latent: t\.mu is acquired while holding n\.mu, but \(\*Tree\)\.Walk`
	t.nodes = append(t.nodes, n)
	t.mu.Unlock()
}

// AddAttached hands Attach a new node.
func (t *Tree) AddAttached() *Node {
	n := new(Node)
	n.Attach(t)
	return n
}

// grower is implemented by *Branch: through it the package may call grow
// on any branch, not only on the new one NewBranch makes.
type grower interface{ grow(t *Tree) }

type Branch struct{ mu sync.Mutex }

func (b *Branch) grow(t *Tree) {
	b.mu.Lock()
	defer b.mu.Unlock()
	t.mu.Lock() // want `latent: t\.mu is acquired while holding b\.mu, but \(\*Tree\)\.Prune`
	t.mu.Unlock()
}

// NewBranch calls grow on a new branch.
func (t *Tree) NewBranch() *Branch {
	b := new(Branch)
	b.grow(t)
	return b
}

// Regrow calls grow through the interface, on whatever it is given.
func (t *Tree) Regrow(g grower) { g.grow(t) }

// Prune takes the tree's lock, then a branch's.
func (t *Tree) Prune(b *Branch) {
	t.mu.Lock()
	defer t.mu.Unlock()
	b.mu.Lock() // want `latent: b\.mu is acquired while holding t\.mu, but \(\*Branch\)\.grow`
	b.mu.Unlock()
}
