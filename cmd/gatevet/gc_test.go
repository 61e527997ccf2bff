package main

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// gcPercent returns the current GOGC without changing it.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

func TestRelaxGCRespectsGOGC(t *testing.T) {
	t.Setenv("GOGC", "150")
	defer debug.SetGCPercent(debug.SetGCPercent(150))
	relaxGC(vetBudget)
	if p := gcPercent(); p != 150 {
		t.Errorf("GOGC=150 in the environment, relaxGC set %d", p)
	}
}

func TestBudgetPercent(t *testing.T) {
	const mib = 1 << 20
	for _, c := range []struct {
		budget heapBudget
		live   uint64
		want   int
	}{
		{heapBudget{Bytes: 320 * mib}, 4 * mib, 7900},  // goal 4 + 4×79 = 320
		{heapBudget{Bytes: 320 * mib}, 100 * mib, 220}, // goal 100 + 100×2.2 = 320
		{heapBudget{Bytes: 320 * mib}, 160 * mib, 100}, // half the budget: the default
		{heapBudget{Bytes: 320 * mib}, 500 * mib, 100},
		{heapBudget{Bytes: 320 * mib, PerLive: 5}, 4 * mib, 400},   // five times the live heap
		{heapBudget{Bytes: 320 * mib, PerLive: 5}, 64 * mib, 400},  // and the budget
		{heapBudget{Bytes: 320 * mib, PerLive: 5}, 100 * mib, 220}, // the budget
		{heapBudget{Bytes: 320 * mib, PerLive: 5}, 200 * mib, 100},
	} {
		if got := c.budget.percent(c.live); got != c.want {
			t.Errorf("%+v.percent(%d MiB live) = %d, want %d", c.budget, c.live/mib, got, c.want)
		}
	}
}

func TestRelaxGCFollowsTheLiveHeap(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	const budget = 64 << 20
	relaxGC(heapBudget{Bytes: budget})
	if p := gcPercent(); p < 400 {
		t.Fatalf("an empty heap: GOGC %d, want the budget's", p)
	}
	if l := debug.SetMemoryLimit(-1); l != budget {
		t.Fatalf("an empty heap: memory limit %d, want %d", l, budget)
	}
	// Each collection runs the watcher: past half the budget it
	// applies the default, with no limit, and below it the budget again.
	large := make([]byte, budget)
	waitFor(t, func() bool { return gcPercent() == 100 })
	runtime.KeepAlive(large)
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		t.Errorf("a live heap past half the budget: memory limit %d, want none", l)
	}
	large = nil
	waitFor(t, func() bool { return gcPercent() > 100 })
	if l := debug.SetMemoryLimit(-1); l != budget {
		t.Errorf("a small live heap again: memory limit %d, want %d", l, budget)
	}
}

// waitFor collects until ok holds, and fails if it never does.
func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for i := 0; i < 100; i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
		if ok() {
			return
		}
	}
	t.Fatalf("GOGC stayed %d", gcPercent())
}
