package store

import (
	"errors"
	"sync"
)

var errFull = errors.New("spool full")

// spool keeps up to max spooled entries, a limit the build chooses
// (maxSpool: 0 here, no limit): Spool's return that keeps the lock
// needs max not 0, a branch that never runs on this build.
type spool struct {
	mu  sync.Mutex
	max int
	n   int
}

const maxSpool = 0

func newSpool(max int) *spool { return &spool{max: max} }

var spooled = newSpool(maxSpool)

// Spool counts an entry in.
func Spool() error {
	spooled.mu.Lock()
	if spooled.max != 0 && spooled.n >= spooled.max {
		return errFull
	}
	spooled.n++
	spooled.mu.Unlock()
	return nil
}

// capped is spool's twin, with a limit its users set.
type capped struct {
	mu  sync.Mutex
	max int
	n   int
}

var capq = &capped{}

// SetCap sets Cap's limit.
func SetCap(n int) {
	capq.mu.Lock()
	capq.max = n
	capq.mu.Unlock()
}

// Cap counts an entry in; past the limit SetCap set it returns errFull
// still holding capq.mu, and the next Cap blocks for ever.
func Cap() error {
	capq.mu.Lock()
	if capq.max != 0 && capq.n >= capq.max {
		return errFull // want `certain: this return keeps capq\.mu \(sync\.Mutex\) held`
	}
	capq.n++
	capq.mu.Unlock()
	return nil
}
