package lib

import "sync/atomic"

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
