package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// relaxGC makes the collector run less often while the live heap is
// small, as the Go compiler does for the same reason: the heap may grow
// to five times what is live (GOGC=400) until the live heap passes
// small; from then on the default (GOGC=100) applies, so a large heap
// costs what it would. A limit above zero is also a soft memory limit
// while the setting is relaxed, lifted with it, so that the relaxed
// heap stays below limit however the live heap moves under small. A
// GOGC or GOMEMLIMIT set in the environment is left alone.
//
// Under go vet, the tool runs once per package, the dependencies
// included, and most runs end with a few tens of megabytes live: under
// GOGC=100 the collector took a sixth of their CPU, restarting its work
// as the heap grew from nothing. Standalone, one process
// streams every package through the analyzers, its live heap rising and
// falling with the packages in flight; the collector took a quarter of
// its CPU.
func relaxGC(small, limit uint64) {
	if os.Getenv("GOGC") != "" {
		return
	}
	debug.SetGCPercent(400)
	if limit > 0 && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(int64(limit))
	} else {
		limit = 0
	}
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var watch func()
	watch = func() {
		// The finalizer runs after each collection that finds the
		// sentinel unreachable, that is, after every cycle.
		runtime.SetFinalizer(&gcSentinel{}, func(*gcSentinel) {
			metrics.Read(live)
			if live[0].Value.Kind() == metrics.KindUint64 && live[0].Value.Uint64() > small {
				debug.SetGCPercent(100)
				if limit > 0 {
					debug.SetMemoryLimit(math.MaxInt64)
				}
				return
			}
			watch()
		})
	}
	watch()
}

// The live heaps up to which the collector is relaxed, and the soft
// memory limit standalone gatevet keeps meanwhile: grpc's packages,
// tests included, stream through in 300 MiB this way, and in 40%
// more time at GOGC=100 (docs/performance.md).
const (
	vetSmallHeap        = 64 << 20
	standaloneSmallHeap = 200 << 20
	standaloneLimit     = 300 << 20
)

// gcSentinel holds a pointer so that it is not batched with other small
// objects, whose finalizers may never run.
type gcSentinel struct{ _ *byte }
