package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// relaxGC makes the collector run less often while the live heap is
// small, as the Go compiler does for the same reason.
//
// go vet starts the tool once per package, the dependencies included,
// and most runs end with a few tens of megabytes live: under the
// default GOGC=100 the collector took a sixth of their CPU, restarting
// its work as the heap grew from nothing. Here the heap may grow to five
// times what is live (GOGC=400) until the live heap passes smallHeap;
// from then on the default applies, so a large package costs what it
// would. A GOGC set in the environment is left alone.
func relaxGC() {
	if os.Getenv("GOGC") != "" {
		return
	}
	debug.SetGCPercent(400)
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var watch func()
	watch = func() {
		// The finalizer runs after each collection that finds the
		// sentinel unreachable, that is, after every cycle.
		runtime.SetFinalizer(&gcSentinel{}, func(*gcSentinel) {
			metrics.Read(live)
			if live[0].Value.Kind() == metrics.KindUint64 && live[0].Value.Uint64() > smallHeap {
				debug.SetGCPercent(100)
				return
			}
			watch()
		})
	}
	watch()
}

// smallHeap is the live heap up to which relaxGC lets the heap grow to
// five times its size.
const smallHeap = 64 << 20

// gcSentinel holds a pointer so that it is not batched with other small
// objects, whose finalizers may never run.
type gcSentinel struct{ _ *byte }
