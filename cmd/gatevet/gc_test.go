package main

import (
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
	relaxGC()
	if p := gcPercent(); p != 150 {
		t.Errorf("GOGC=150 in the environment, relaxGC set %d", p)
	}
}

func TestRelaxGCUntilLarge(t *testing.T) {
	t.Setenv("GOGC", "")
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	relaxGC()
	if p := gcPercent(); p != 400 {
		t.Fatalf("a small heap: GOGC %d, want 400", p)
	}
	large := make([]byte, 2*smallHeap)
	// Each collection runs the watcher; it lets go of the relaxed
	// setting once it sees the live heap past smallHeap.
	for i := 0; i < 100 && gcPercent() != 100; i++ {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	runtime.KeepAlive(large)
	if p := gcPercent(); p != 100 {
		t.Errorf("a live heap past smallHeap: GOGC %d, want 100", p)
	}
}
