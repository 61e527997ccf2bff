// Package xpkg uses lib's resources and its own through lib's facts.
package xpkg

import (
	"sync"

	"example.com/bypass/lib"
)

func Good(k string) {
	lib.Mu.Lock()
	defer lib.Mu.Unlock()
	lib.Table[k] = 1
	lib.Flush()
}

func BadTable(k string) {
	lib.Table[k] = 2 // want `BadTable writes lib\.Table without holding lib\.Mu, which guards it in Good`
}

func BadFlush() {
	lib.Flush() // want `BadFlush calls lib\.Flush without holding lib\.Mu`
}

var (
	countsMu sync.Mutex
	counts   = map[string]int{}
	pool     lib.Pool
)

func Inc(k string) {
	countsMu.Lock()
	lib.Fill(counts, k)
	countsMu.Unlock()
	pool.Put(1) // the pool locks itself
}

func IncTwice(k string) {
	countsMu.Lock()
	defer countsMu.Unlock()
	lib.Fill(counts, k)
	lib.Fill(counts, k)
}

func Reset(k string) {
	lib.Fill(counts, k) // want `Reset writes counts through lib\.Fill → m without holding countsMu, which guards it in Inc, IncTwice`
}

func Recycle() { pool.Put(2) }
