package kinds

import (
	"context"
	"sync"
)

// Store write-locks rw: the writer that Read's early release lets in
// while Read's goroutine still reads state.
func Store(v int) {
	rw.Lock()
	state = v
	rw.Unlock()
}

// ReadOnly is Read's near miss: nothing write-locks cfgMu, so letting
// its read lock go early admits no one the goroutine could race with
// through it.
func ReadOnly(ctx context.Context) (int, error) {
	cfgMu.RLock()
	defer cfgMu.RUnlock()
	done := make(chan int, 1)
	go func() { done <- cfg }()
	select {
	case v := <-done:
		return v, nil
	case <-ctx.Done():
		return 0, ctx.Err()
	}
}

// SetCfg sets cfg without cfgMu.
func SetCfg(v int) { cfg = v }

var (
	cfgMu sync.RWMutex
	cfg   int
)
