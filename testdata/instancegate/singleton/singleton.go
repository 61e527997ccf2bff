// Package singleton: the process's system variables live in one
// package-level slot that Reset fills with a new instance, replacing the
// old: one instance at a time, so its own lock is the process's lock
// around the package-level defaults it updates. Settings, which
// NewSettings hands out to any caller, can have many instances, each
// locking its own mutex around the same defaults.
package singleton

import "sync"

type Vars interface {
	Set(name string, v int)
}

var SystemVariables Vars

var defaults = map[string]int{}

type globalVars struct {
	mu   *sync.RWMutex
	vals map[string]int
}

func (g *globalVars) Set(name string, v int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.vals[name] = v
	defaults[name] = v
}

// Reset replaces the singleton.
func Reset() {
	vars := &globalVars{mu: &sync.RWMutex{}, vals: make(map[string]int)}
	for k, v := range defaults {
		vars.vals[k] = v
	}
	SystemVariables = vars
}

func init() { Reset() }

type Settings struct {
	mu   *sync.Mutex // want `Settings\.mu is a per-instance gate, but its critical sections use defaults`
	vals map[string]int
}

func NewSettings() *Settings { return &Settings{mu: &sync.Mutex{}, vals: map[string]int{}} }

func (s *Settings) Set(name string, v int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.vals[name] = v
	defaults[name] = v
}

type Setter interface{ Set(name string, v int) }

// pooled values are handed out as Setters, any number of them.
type pooled struct {
	mu *sync.Mutex // want `pooled\.mu is a per-instance gate, but its critical sections use defaults`
}

func NewPooled() Setter { return &pooled{mu: &sync.Mutex{}} }

func (p *pooled) Set(name string, v int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	defaults[name] = v
}
