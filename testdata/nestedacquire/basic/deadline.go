package basic

import (
	"context"
	"time"
)

// TryInfer asks for a second permit with a deadline of its own while it
// holds one: the Acquire gives up after a millisecond, a bounded try and
// not a wait that can last for ever.
func TryInfer(ctx context.Context) bool {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		return false
	}
	defer gpuSem.Release(1)
	tctx, cancel := context.WithTimeout(ctx, time.Millisecond)
	defer cancel()
	if err := gpuSem.Acquire(tctx, 1); err != nil {
		return false
	}
	gpuSem.Release(1)
	return true
}

// WaitInfer asks for it with the caller's context, which may never be
// done: with its one permit held, the second Acquire waits until the
// caller gives up, for ever under context.Background().
func WaitInfer(ctx context.Context) bool {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		return false
	}
	defer gpuSem.Release(1)
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if err := gpuSem.Acquire(cctx, 1); err != nil { // want `gpuSem\.Acquire while gpuSem is already held`
		return false
	}
	gpuSem.Release(1)
	return true
}
