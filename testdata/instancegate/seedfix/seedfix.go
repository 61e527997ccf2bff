// Package seedfix binds every adapter to the one device gate.
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
	gpu     = &Device{}
	gpuGate = semaphore.NewWeighted(1)
)

type LocalAdapter struct {
	sem *semaphore.Weighted
}

func NewLocalAdapter() *LocalAdapter { return &LocalAdapter{sem: gpuGate} }

func (a *LocalAdapter) Generate(ctx context.Context, x int) (int, error) {
	if err := a.sem.Acquire(ctx, 1); err != nil {
		return 0, err
	}
	defer a.sem.Release(1)
	return gpu.Infer(x), nil
}

// Injected: the caller gives the gate (moby's fix passes it in).
type Pusher struct{ sem *semaphore.Weighted }

func NewPusher(sem *semaphore.Weighted) *Pusher { return &Pusher{sem: sem} }

func (p *Pusher) Push(ctx context.Context) error {
	if err := p.sem.Acquire(ctx, 1); err != nil {
		return err
	}
	defer p.sem.Release(1)
	gpu.Infer(1)
	return nil
}
