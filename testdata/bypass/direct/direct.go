// Package direct: the unguarded route calls the device's exported
// method itself, in the same package. The method uses its receiver's
// fields; the use of the package-level gpu is the caller's.
package direct

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

func Upscale(x int) int {
	return gpu.Infer(2 * x) // want `Upscale writes gpu\.mem through \(\*Device\)\.Infer → d\.mem without holding gpuSem, which guards it in Generate, Preload`
}
