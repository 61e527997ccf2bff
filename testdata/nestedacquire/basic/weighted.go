package basic

import (
	"context"

	"golang.org/x/sync/semaphore"
)

var gpuSem = semaphore.NewWeighted(1)

func runModel(int) int { return 0 }

func Infer(ctx context.Context, x int) (int, error) {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		return 0, err
	}
	defer gpuSem.Release(1)
	return runModel(x), nil
}

// The seed's nested acquire: simulate holds a permit, persist wants one.
func SimulateAndPersist(ctx context.Context, x int) error {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		return err
	}
	defer gpuSem.Release(1)
	_, err := Infer(ctx, x) // want `call to Infer acquires gpuSem \(gpuSem\.Acquire at weighted\.go:14\) while it is already held on this path \(permit acquired at weighted\.go:23\): with one permit this deadlocks at once; with more, once every other permit is taken by holders that wait too`
	return err
}

func DirectTwice(ctx context.Context) error {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		return err
	}
	defer gpuSem.Release(1)
	if err := gpuSem.Acquire(ctx, 1); err != nil { // want `gpuSem\.Acquire while gpuSem is already held`
		return err
	}
	gpuSem.Release(1)
	return nil
}

// On the error branch the permit is not held: retrying is fine.
func Retry(ctx context.Context) error {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		if err := gpuSem.Acquire(context.Background(), 1); err != nil {
			return err
		}
	}
	gpuSem.Release(1)
	return nil
}

// TryAcquire never blocks.
func Opportunistic(ctx context.Context) bool {
	if err := gpuSem.Acquire(ctx, 1); err != nil {
		return false
	}
	defer gpuSem.Release(1)
	if gpuSem.TryAcquire(1) {
		gpuSem.Release(1)
		return true
	}
	return false
}

// A producer that throttles and hands each permit to a worker.
func Produce(ctx context.Context, jobs []int) {
	for _, j := range jobs {
		if err := gpuSem.Acquire(ctx, 1); err != nil {
			return
		}
		go func() {
			defer gpuSem.Release(1)
			runModel(j)
		}()
	}
}

// Reserving two permits for one job, released by someone else.
func Reserve(ctx context.Context, s *semaphore.Weighted) {
	_ = s.Acquire(ctx, 1)
	_ = s.Acquire(ctx, 1)
}

// A per-request semaphore limits fan-out inside one call.
func FanOut(ctx context.Context, xs []int) {
	sem := semaphore.NewWeighted(4)
	for _, x := range xs {
		if err := sem.Acquire(ctx, 1); err != nil {
			break
		}
		go func() {
			defer sem.Release(1)
			Infer(ctx, x)
		}()
	}
	_ = sem.Acquire(ctx, 4)
}
