package basic

import "sync"

// A debugger whose launch takes the target lock only on its recording
// backend's path: Restart, holding the lock, calls launch, and blocks
// only when launch takes that path. Restart never does with a live
// target (the assertion), but whether it can is the caller's backend,
// which the model does not know: latent, on that condition.
type Debugger struct {
	mu      sync.Mutex
	backend string
	target  *int
}

func (d *Debugger) launch() int {
	switch d.backend {
	case "rr":
		if d.target != nil {
			panic("internal error: launch with rr and a target")
		}
		d.mu.Lock()
		n := 1
		d.mu.Unlock()
		return n
	default:
		return 0
	}
}

// Restart holds d.mu around launch: it blocks for good when launch
// takes its recording path.
func (d *Debugger) Restart() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.launch() // want `^latent: call to \(\*Debugger\)\.launch can acquire d\.mu \(d\.mu\.Lock at partial\.go:22\) while it is already held on this path \(locked at partial\.go:34\): when \(\*Debugger\)\.launch takes one of its paths that acquires it \(not all do\), sync\.Mutex is not reentrant`
}

// check asserts, then locks: every path that returns takes d.mu (the
// panic returns nothing).
func (d *Debugger) check() {
	if d.target == nil {
		panic("no target")
	}
	d.mu.Lock()
	d.target = nil
	d.mu.Unlock()
}

// Reset holds d.mu and calls check, which takes d.mu on every path that
// returns: the second Lock waits for the first, held by this goroutine,
// for good.
func (d *Debugger) Reset() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.check() // want `^certain: call to \(\*Debugger\)\.check acquires d\.mu`
}
