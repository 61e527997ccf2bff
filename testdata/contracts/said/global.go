package said

import "sync"

// Tags are the process's tags: one set, held in a package-level
// variable that every call of merge passes as its receiver.
type Tags struct {
	mu   sync.RWMutex
	tags map[string]string
	str  string
}

var process = &Tags{}

// other is a second set, which only Retag locks.
var other = &Tags{}

// merge locks the process's tags by the variable's name: p is always
// process, so the lock rebuild needs is held.
func (p *Tags) merge(add map[string]string) {
	process.mu.Lock()
	defer process.mu.Unlock()
	if p.tags == nil {
		p.tags = make(map[string]string)
	}
	for k, v := range add {
		p.tags[k] = v
	}
	p.rebuild()
}

// rebuild renders p.tags into p.str.
// Must be called with p.mu held for writing.
func (p *Tags) rebuild() {
	p.str = ""
	for k, v := range p.tags {
		p.str += k + ":" + v + ","
	}
}

// Add merges into the process's tags.
func Add(add map[string]string) { process.merge(add) }

// Reset merges nothing new but the service's name, into the same set.
func Reset(name string) { process.merge(map[string]string{"service": name}) }

// retag locks the process's tags by name, but is called with either
// set: with other, it rebuilds other without other.mu.
func (p *Tags) retag(k, v string) {
	process.mu.Lock()
	defer process.mu.Unlock()
	p.tags[k] = v
	p.rebuild() // want `^certain: \(\*Tags\)\.rebuild requires p\.mu held`
}

// Retag sets a tag on both sets.
func Retag(k, v string) {
	process.retag(k, v)
	other.retag(k, v)
}
