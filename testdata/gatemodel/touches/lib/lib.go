// want package:`^\{package lib \S+ Device\.Run: touches\(writes p0/busy, writes p0/jobs\); Forget: touches\(writes g:example\.com/gatemodel/touches/lib\.registry/\*\); Register: touches\(writes g:example\.com/gatemodel/touches/lib\.registry/\*\); Stats\.Add: touches\(writes p0/n under p0/mu\)\}$`

// Package lib exports the writes of its functions as facts, for
// example.com/gatemodel/touches/user.
package lib

import "sync"

type Device struct {
	busy bool
	jobs int
}

func (d *Device) Run() {
	d.busy = true
	d.jobs++
	d.busy = false
}

// Busy only reads: reads are not part of facts.
func (d *Device) Busy() bool { return d.busy }

type Stats struct {
	mu sync.Mutex
	n  int
}

func (s *Stats) Add() {
	s.mu.Lock()
	s.n++
	s.mu.Unlock()
}

var registry = map[string]int{}

func Register(k string) {
	registry[k] = 1
}

// Forget writes through the map with a builtin.
func Forget(k string) {
	delete(registry, k)
}

// Mu is the package's lock.
var Mu sync.Mutex

// WithDevice runs f with the package's lock held.
func WithDevice(f func()) {
	Mu.Lock()
	defer Mu.Unlock()
	f()
}
