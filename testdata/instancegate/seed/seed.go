// Package seed is the first seed in Go: the permit lives on the adapter,
// the GPU it protects is process-wide.
package seed

import (
	"context"

	"golang.org/x/sync/semaphore"
)

type Device struct{ mem int }

func (d *Device) Infer(x int) int {
	d.mem += x
	return d.mem
}

var gpu = &Device{}

type LocalAdapter struct {
	sem *semaphore.Weighted // want `LocalAdapter\.sem is a per-instance gate, but its critical sections use gpu\.mem, which is process-wide \(seed\.go:\d+\): when two LocalAdapters run them at the same time, they hold two gates and use gpu\.mem together; guard gpu\.mem with one package-level gate and bind every LocalAdapter to it`
}

func NewLocalAdapter() *LocalAdapter {
	return &LocalAdapter{sem: semaphore.NewWeighted(1)}
}

func (a *LocalAdapter) Generate(ctx context.Context, x int) (int, error) {
	if err := a.sem.Acquire(ctx, 1); err != nil {
		return 0, err
	}
	defer a.sem.Release(1)
	return gpu.Infer(x), nil
}
