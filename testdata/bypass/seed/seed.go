// Package seed is the first seed in Go: Generate and Preload take the
// device permit around the GPU, Upscale reaches the same GPU without it.
package seed

import (
	"context"

	"golang.org/x/sync/semaphore"
)

// Device is a GPU: running a job changes its memory.
type Device struct {
	mem  int
	jobs int
}

// Infer runs one job on the device.
func (d *Device) Infer(x int) int {
	d.mem += x
	d.jobs++
	return d.mem
}

var (
	gpu    = &Device{}
	gpuSem = semaphore.NewWeighted(1)
)

func Generate(ctx context.Context, x int) (int, error) {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		return 0, err
	}
	defer gpuSem.Release(1)
	return gpu.Infer(x), nil
}

func Preload(ctx context.Context) error {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		return err
	}
	defer gpuSem.Release(1)
	gpu.Infer(0)
	return nil
}

// Upscale runs on the same device from another route, without the permit.
func Upscale(x int) int {
	return runUpscaler(x) // want `Upscale writes gpu\.mem through runUpscaler → \(\*Device\)\.Infer → d\.mem without holding gpuSem, which guards it in Generate, Preload`
}

func runUpscaler(x int) int {
	return gpu.Infer(2 * x)
}
