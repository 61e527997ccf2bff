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
	relaxGC(vetSmallHeap, 0)
	if p := gcPercent(); p != 150 {
		t.Errorf("GOGC=150 in the environment, relaxGC set %d", p)
	}
}

func TestRelaxGCUntilLarge(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	relaxGC(vetSmallHeap, 1<<40)
	if p := gcPercent(); p != 400 {
		t.Fatalf("a small heap: GOGC %d, want 400", p)
	}
	if l := debug.SetMemoryLimit(-1); l != 1<<40 {
		t.Fatalf("a small heap: memory limit %d, want %d", l, 1<<40)
	}
	large := make([]byte, 2*vetSmallHeap)
	// Each collection runs the watcher; it lets go of the relaxed
	// setting, and of the limit, once it sees the live heap past small.
	for i := 0; i < 100 && gcPercent() != 100; i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	runtime.KeepAlive(large)
	if p := gcPercent(); p != 100 {
		t.Errorf("a live heap past small: GOGC %d, want 100", p)
	}
	if l := debug.SetMemoryLimit(-1); l != math.MaxInt64 {
		t.Errorf("a live heap past small: memory limit %d, want none", l)
	}
}
