// Package seed is the first seed's second leak in Go: the permit is
// released on ctx.Done() while runModel still runs on the device.
package seed

import (
	"context"

	"golang.org/x/sync/semaphore"
)

type result struct {
	img []byte
	err error
}

var gpuSem = semaphore.NewWeighted(1)

func runModel(img []byte) result { return result{img: img} }

// Generate: when ctx is done first, the deferred Release gives gpuSem
// back while runModel still runs on the device.
func Generate(ctx context.Context, img []byte) ([]byte, error) {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		return nil, err
	}
	defer gpuSem.Release(1)
	done := make(chan result, 1)
	go func() { done <- runModel(img) }()
	select {
	case r := <-done:
		return r.img, r.err
	case <-ctx.Done():
		return nil, ctx.Err() // want `gpuSem is released by the deferred release when this returns, on the ctx\.Done\(\) branch, while the goroutine started at seed\.go:\d+ \(a func literal running runModel\) may still run`
	}
}

// GenerateFixed waits for the work after cancelling: the permit is
// released when the device is free.
func GenerateFixed(ctx context.Context, img []byte) ([]byte, error) {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		return nil, err
	}
	defer gpuSem.Release(1)
	done := make(chan result, 1)
	go func() { done <- runModel(img) }()
	select {
	case r := <-done:
		return r.img, r.err
	case <-ctx.Done():
		<-done
		return nil, ctx.Err()
	}
}

// GenerateOwned hands the permit to the goroutine, which releases it
// when the work is done.
func GenerateOwned(ctx context.Context, img []byte) ([]byte, error) {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		return nil, err
	}
	done := make(chan result, 1)
	go func() {
		defer gpuSem.Release(1)
		done <- runModel(img)
	}()
	select {
	case r := <-done:
		return r.img, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// startLoader starts the loader and hands back its done channel: the
// seed's model-preload path.
func startLoader(img []byte) <-chan result {
	done := make(chan result, 1)
	go func() { done <- runModel(img) }()
	return done
}

// Preload: when ctx is done first, the deferred Release gives gpuSem
// back while the loader's runModel still runs on the device.
func Preload(ctx context.Context, img []byte) error {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		return err
	}
	defer gpuSem.Release(1)
	done := startLoader(img)
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err() // want `gpuSem is released by the deferred release when this returns, on the ctx\.Done\(\) branch, while the goroutine started at seed\.go:\d+ \(startLoader, which starts a func literal running runModel at seed\.go:\d+\) may still run`
	}
}

// PreloadFixed waits for the loader after cancelling.
func PreloadFixed(ctx context.Context, img []byte) error {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		return err
	}
	defer gpuSem.Release(1)
	done := startLoader(img)
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		<-done
		return ctx.Err()
	}
}
