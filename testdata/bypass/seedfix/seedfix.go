// Package seedfix is the seed after its fix: every route to the device
// takes the one process-wide permit, directly or through withDevice.
package seedfix

import (
	"context"

	"golang.org/x/sync/semaphore"
)

type Device struct{ mem int }

func (d *Device) Infer(x int) int {
	d.mem += x
	return d.mem
}

var (
	gpu    = &Device{}
	gpuSem = semaphore.NewWeighted(1)
)

// withDevice runs f holding the device permit.
func withDevice(ctx context.Context, f func()) error {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		return err
	}
	defer gpuSem.Release(1)
	f()
	return nil
}

func Generate(ctx context.Context, x int) (out int, err error) {
	err = withDevice(ctx, func() { out = gpu.Infer(x) })
	return out, err
}

func Preload(ctx context.Context) error {
	return withDevice(ctx, func() { gpu.Infer(0) })
}

func Upscale(ctx context.Context, x int) (int, error) {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		return 0, err
	}
	defer gpuSem.Release(1)
	return gpu.Infer(2 * x), nil
}

// Background owns its permit: the goroutine releases it when the work
// is done, so the work runs under the gate.
func Background(x int) {
	_ = gpuSem.Acquire(context.Background(), 1)
	go func() {
		defer gpuSem.Release(1)
		gpu.Infer(x)
	}()
}

// init runs before the package is published: no gate needed.
func init() {
	gpu.Infer(1)
}
