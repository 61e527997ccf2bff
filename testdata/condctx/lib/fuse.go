package lib

import (
	"sync/atomic"
	"time"
)

// Fuse is a one-way latch: Break sets it for good, IsBroken reads it
// atomically. A Wait loop of another package that tests IsBroken has a
// way out: whoever breaks the fuse lets it out.
type Fuse struct{ state uint32 }

func (f *Fuse) Break() { atomic.StoreUint32(&f.state, 1) }

func (f *Fuse) IsBroken() bool {
	switch atomic.LoadUint32(&f.state) {
	case 1:
		return true
	default:
		return false
	}
}

// Backlog counts what is still to come; Empty says whether anything is:
// a count, not a latch another goroutine sets to let a waiter out.
type Backlog struct{ n int }

func (b *Backlog) Add(d int) { b.n += d }

func (b *Backlog) Empty() bool {
	if b.n == 0 {
		return true
	}
	return false
}

// Stamped is a count that also keeps a staleness metric by the clock:
// the clock decides nothing of what Empty returns, so a loop on Empty
// waits for items, not for the time.
type Stamped struct {
	n     int
	last  time.Time
	stale int
}

func (s *Stamped) Add(d int) { s.n += d; s.last = time.Now() }

func (s *Stamped) Empty() bool {
	if time.Since(s.last) > time.Minute {
		s.stale++
	}
	if s.n == 0 {
		return true
	}
	return false
}
