package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// heapBudget is how far the collector lets the heap grow past what is
// live: to Bytes, or to PerLive times the live heap if that is less
// (PerLive 0: no such cap), but never less than twice the live heap,
// the default (GOGC=100). While the budget is above the default, it is
// also a soft memory limit, so that what the process holds, not only the
// heap the collector aims at, stays within it.
type heapBudget struct {
	Bytes   uint64
	PerLive uint64
}

// The budgets. A go vet process, of which go vet runs one per
// processor, may grow to five times its live heap up to 64 MiB: most
// runs end with a few megabytes live, and under GOGC=100 the collector
// took a sixth of their CPU, restarting its work as the heap grew from
// nothing. The few large packages, whose live heap is past 13 MiB, set
// go vet's peak memory: they get the default's room, twice what is
// live, and no more (with 320 MiB, etcd server's largest process took
// 153 MiB against stock vet's 109, for the same CPU; docs/performance.md,
// run M). Standalone gatevet, one process that streams every package
// through the analyzers (on grpc, 27 MiB live at the median collection
// and 151 at most), may grow to 320 MiB whatever is live: under
// GOGC=100 the collector took a quarter of its CPU, and under five
// times the live heap within a 300 MiB limit a run took 4% more time
// (run J).
var (
	vetBudget        = heapBudget{Bytes: 64 << 20, PerLive: 5}
	standaloneBudget = heapBudget{Bytes: 320 << 20}
)

// percent is the GOGC that sets the heap goal after a collection that
// found live bytes live.
func (b heapBudget) percent(live uint64) int {
	live = max(live, 1)
	goal := b.Bytes
	if b.PerLive > 0 && live < b.Bytes/b.PerLive {
		goal = b.PerLive * live
	}
	if goal <= 2*live {
		return 100
	}
	return int((goal - live) * 100 / live)
}

// relaxGC applies the budget after every collection, from the live
// heap that collection found, so the goal follows the live heap up and
// down. The Go compiler relaxes its collector in the same way, for the
// same reason (cmd/compile's starting heap), though only until its heap
// first reaches the budget. A GOGC or GOMEMLIMIT set in the environment
// is left alone.
func relaxGC(b heapBudget) {
	if os.Getenv("GOGC") != "" {
		return
	}
	limit := os.Getenv("GOMEMLIMIT") == ""
	adjust := func(live uint64) {
		p := b.percent(live)
		debug.SetGCPercent(p)
		switch {
		case limit && p > 100:
			debug.SetMemoryLimit(int64(b.Bytes))
		case limit:
			debug.SetMemoryLimit(math.MaxInt64)
		}
	}
	// Before the first cycle, the goal is GOGC percent of the runtime's
	// 4 MiB minimum heap.
	adjust(4 << 20)
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var watch func()
	watch = func() {
		// The finalizer runs after each collection that finds the
		// sentinel unreachable, that is, after every cycle.
		runtime.SetFinalizer(&gcSentinel{}, func(*gcSentinel) {
			metrics.Read(live)
			if live[0].Value.Kind() == metrics.KindUint64 {
				adjust(live[0].Value.Uint64())
			}
			watch()
		})
	}
	watch()
}

// gcSentinel holds a pointer so that it is not batched with other small
// objects, whose finalizers may never run.
type gcSentinel struct{ _ *byte }
