package mutex

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// trylockMutex wraps a mutex with the TryLock Go did not have yet: a
// compare-and-swap on the mutex's state. A TryLock that succeeds locks
// the embedded mutex, so the Unlock after it is no second release.
type trylockMutex struct {
	sync.Mutex
}

func (tl *trylockMutex) TryLock() bool {
	return atomic.CompareAndSwapInt32((*int32)(unsafe.Pointer(&tl.Mutex)), 0, 1)
}

func RelockByTry() bool {
	var m trylockMutex
	m.Lock()
	if m.TryLock() {
		return false
	}
	m.Unlock()
	if !m.TryLock() {
		return false
	}
	m.Unlock()
	return true
}

// UnlockTwice unlocks the wrapped mutex twice with nothing between: the
// second Unlock kills the process.
func UnlockTwice() {
	var m trylockMutex
	m.Lock()
	m.Unlock()
	m.Unlock() // want `certain: m\.Mutex\.Unlock\(\) unlocks m\.Mutex a second time on this path`
}
