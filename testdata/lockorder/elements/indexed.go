package elements

import "sync"

// A Graph's vertices each have a lock of their own; Scan reads every
// vertex holding the graph's read lock. Link locks one vertex through
// its index expression, and unlocks it through the same expression
// loaded again before it takes the graph's lock: no order vertex →
// graph, as weaviate's HNSW index does. LinkHeld keeps the vertex locked
// while it takes the graph's read lock: with Add queued to write-lock
// the graph, it and Scan deadlock.
type Graph struct {
	sync.RWMutex
	nodes []*vertex
}

type vertex struct {
	sync.Mutex
	edges []int
}

func (g *Graph) Scan() (n int) {
	g.RLock()
	defer g.RUnlock()
	for _, v := range g.nodes {
		v.Lock() // want `latent: v\.Mutex is acquired while holding g\.RWMutex, but \(\*Graph\)\.LinkHeld`
		n += len(v.edges)
		v.Unlock()
	}
	return n
}

func (g *Graph) Add(v *vertex) {
	g.Lock()
	defer g.Unlock()
	g.nodes = append(g.nodes, v)
}

func (g *Graph) Link(from, to int) int {
	g.nodes[from].Lock()
	g.nodes[from].edges = append(g.nodes[from].edges, to)
	g.nodes[from].Unlock()
	g.RLock()
	defer g.RUnlock()
	return len(g.nodes)
}

func (g *Graph) LinkHeld(from, to int) int {
	g.nodes[from].Lock()
	defer g.nodes[from].Unlock()
	g.nodes[from].edges = append(g.nodes[from].edges, to)
	g.RLock() // want `latent: g\.RWMutex is acquired while holding g\.nodes\[from\]\.Mutex, but \(\*Graph\)\.Scan`
	defer g.RUnlock()
	return len(g.nodes)
}

// Swap locks vertex i, swaps it with vertex j and unlocks what is then
// at i: the vertex it locked stays locked when it takes the graph's
// read lock. Two loads of g.nodes[i] around a store into g.nodes are not
// one vertex.
func (g *Graph) Swap(i, j int) int {
	g.nodes[i].Lock()
	g.nodes[i], g.nodes[j] = g.nodes[j], g.nodes[i]
	g.nodes[i].Unlock()
	g.RLock() // want `latent: g\.RWMutex is acquired while holding g\.nodes\[i\]\.Mutex, but \(\*Graph\)\.Scan`
	defer g.RUnlock()
	return len(g.nodes)
}
