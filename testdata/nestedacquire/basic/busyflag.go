package basic

import (
	"sync"
	"sync/atomic"
)

// A conn whose TryLock claims a busy flag, not its embedded mutex: the
// Lock after a successful TryLock takes the mutex for the first time.
type BusyConn struct {
	sync.Mutex
	busy atomic.Bool
	uses int
}

func (c *BusyConn) TryLock() bool { return c.busy.CompareAndSwap(false, true) }

func (c *BusyConn) Release() { c.busy.Store(false) }

func (c *BusyConn) Use() bool {
	if !c.TryLock() {
		return false
	}
	defer c.Release()
	c.Lock()
	c.uses++
	c.Unlock()
	return true
}
