// Package lib exports guarded resources: annotations travel as facts.
package lib

import "sync"

var Mu sync.Mutex

// Table is guarded by Mu, by annotation.
var Table = map[string]int{} //gatevet:guardedby Mu

// Flush must be called with Mu held.
//
//gatevet:guardedby Mu
func Flush() {}

// Fill writes through its argument: its fact says so.
func Fill(m map[string]int, k string) { m[k]++ }

// Pool guards its own state: using it needs no gate of the caller's.
type Pool struct {
	mu   sync.Mutex
	free []int
}

func (p *Pool) Put(x int) {
	p.mu.Lock()
	p.free = append(p.free, x)
	p.mu.Unlock()
}
