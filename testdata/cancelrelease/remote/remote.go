// Package remote preloads through another package's helper: the spawn
// is known from loader's facts.
package remote

import (
	"context"

	"example.com/cancelrelease/loader"
	"golang.org/x/sync/semaphore"
)

var gpuSem = semaphore.NewWeighted(1)

// Preload: when ctx is done first, the deferred Release gives gpuSem
// back while the goroutine loader.Start started still runs load.
func Preload(ctx context.Context) error {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		return err
	}
	defer gpuSem.Release(1)
	done := loader.Start("model")
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err() // want `gpuSem is released by the deferred release when this returns, on the ctx\.Done\(\) branch, while the goroutine started at remote\.go:\d+ \(loader\.Start, which starts a func literal running load at loader\.go:\d+\) may still run`
	}
}

func PreloadFixed(ctx context.Context) error {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		return err
	}
	defer gpuSem.Release(1)
	done := loader.Start("model")
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		<-done
		return ctx.Err()
	}
}
