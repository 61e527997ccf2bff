// Package xpkg guards another package's device type, kept in a
// package-level variable here, with a per-instance gate.
package xpkg

import (
	"sync"

	"example.com/instancegate/lib"
)

var gpu lib.GPU

type Job struct {
	mu sync.Mutex // want `Job\.mu is a per-instance gate, but its critical sections use gpu`
}

func (j *Job) Run() {
	j.mu.Lock()
	gpu.Run()
	j.mu.Unlock()
}

func Jobs() []*Job { return []*Job{{}, {}} }
