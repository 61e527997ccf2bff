package said

import "sync"

// Labels are merged through method values kept in a table, one per
// set: merge's receiver is whichever set the table names, so locking
// primary.mu does not hold p.mu when p is the secondary set (a lock
// held by another name for the receiver is not taken to be its own).
type Labels struct {
	mu     sync.Mutex
	labels map[string]string
	str    string
}

var primary, secondary = &Labels{}, &Labels{}

var mergers = map[string]func(string, string){"primary": primary.merge, "secondary": secondary.merge}

// merge holds primary.mu; through the table's secondary.merge, it
// renders the secondary set without secondary.mu while Merge on another
// goroutine renders it too: a race on p.str.
func (p *Labels) merge(k, v string) {
	primary.mu.Lock()
	defer primary.mu.Unlock()
	p.labels[k] = v
	p.render() // want `^certain: \(\*Labels\)\.render requires p\.mu held`
}

// render renders p.labels into p.str.
// Must be called with p.mu held.
func (p *Labels) render() {
	p.str = ""
	for k, v := range p.labels {
		p.str += k + "=" + v + ","
	}
}

// Merge merges into the named set.
func Merge(set, k, v string) { mergers[set](k, v) }

// MergePrimary merges into the primary set directly.
func MergePrimary(k, v string) { primary.merge(k, v) }

// Pool is swapped for a fresh one, and the old one absorbs the rest
// after the swap: absorb's receiver is the old pool, not current.
type Pool struct {
	mu    sync.Mutex
	items []string
	n     int
}

var current = &Pool{}

// absorb holds current.mu; called on the old pool after Rotate's swap,
// it counts the old pool without old.mu while an Add on another
// goroutine still appends to it under old.mu.
func (p *Pool) absorb(items []string) {
	current.mu.Lock()
	defer current.mu.Unlock()
	p.items = append(p.items, items...)
	p.count() // want `^certain: \(\*Pool\)\.count requires p\.mu held`
}

// count recounts p.items.
// Must be called with p.mu held.
func (p *Pool) count() { p.n = len(p.items) }

// Rotate swaps in a fresh pool and hands the old one the leftovers.
func Rotate(rest []string) {
	old := current
	current = &Pool{}
	old.absorb(rest)
}

// Add appends to a pool under its lock.
func (p *Pool) Add(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.items = append(p.items, s)
}
