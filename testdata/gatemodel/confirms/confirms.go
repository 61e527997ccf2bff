// Package confirms checks which branch of an If settles a conditional
// acquire (FuncInfo.Confirms), and how events say they are conditional
// (Event.When).
package confirms

import (
	"context"
	"sync"

	"golang.org/x/sync/semaphore"
)

func Branches(ctx context.Context, mu *sync.Mutex, rw *sync.RWMutex, sem *semaphore.Weighted) error {
	if mu.TryLock() { // want `mu\.TryLock when=true holds on then`
		mu.Unlock()
	}
	// The builder reads the negation by swapping the If's successors.
	if !rw.TryRLock() { // want `rw\.TryRLock when=true holds on then`
		return nil
	}
	rw.RUnlock()
	if err := sem.Acquire(ctx, 1); err != nil { // want `sem\.Acquire when=nil holds on else`
		return err
	}
	sem.Release(1)
	if sem.Acquire(ctx, 1) == nil { // want `sem\.Acquire when=nil holds on then`
		sem.Release(1)
	}
	return nil
}

// Outcomes read elsewhere, or not at all: no If settles them here.
func Elsewhere(ctx context.Context, mu *sync.Mutex, sem *semaphore.Weighted) (bool, error) {
	_ = sem.Acquire(ctx, 1)        // want `sem\.Acquire always`
	mu.TryLock()                   // want `mu\.TryLock always`
	ok := mu.TryLock()             // want `mu\.TryLock when=true holds on nowhere`
	return ok, sem.Acquire(ctx, 1) // want `sem\.Acquire when=nil holds on nowhere`
}

var slots = make(chan struct{}, 4)

// Slot makes slots a channel semaphore.
func Slot() {
	slots <- struct{}{} // want `slots <- always`
	defer func() { <-slots }()
}

func Select(ctx context.Context) {
	select {
	case slots <- struct{}{}: // want `when=index holds on then`
		<-slots
	case <-ctx.Done():
	}
}
