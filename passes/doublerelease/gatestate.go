package doublerelease

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
)

// status is what the function has done with one gate on every path to a
// point of it.
type status uint8

const (
	untaken status = iota // not acquired yet: the function's entry
	held                  // acquired, not all of it given back yet
	freed                 // acquired, all of it given back, nothing acquired since
	unknown               // the paths disagree, or an operation the pass does not follow
)

// gateState is one gate's state at a point of a function, on every path
// there: the value of the pass's dataflow (not an analysis.Fact).
type gateState struct {
	status status
	excl   bool          // held: locked exclusively
	count  int64         // held: read locks, or a semaphore's permits
	acq    *gate.Event   // held, freed: the function's own acquire
	rels   []*gate.Event // freed: the releases that gave everything back
	// defers are the deferred operations on the gate pending on every
	// path, in the order they were deferred; mixed is set when paths
	// disagree, or one was deferred twice (in a loop).
	defers []*gate.Event
	mixed  bool
	// open is set when some path here has not acquired the gate: a
	// release there lets go of the caller's hold.
	open bool
}

func (f *gateState) clone() *gateState {
	c := *f
	c.rels = slices.Clip(c.rels)
	c.defers = slices.Clip(c.defers)
	return &c
}

// forget makes the gate's state unknown.
func (f *gateState) forget() {
	f.status, f.excl, f.count, f.acq, f.rels = unknown, false, 0, nil, nil
}

// join merges o into f, and reports whether f changed.
func (f *gateState) join(o *gateState) bool {
	before := f.clone()
	f.open = f.open || o.open
	switch {
	case f.status != o.status || f.excl != o.excl || f.count != o.count:
		f.forget()
	case f.status == freed:
		for _, r := range o.rels {
			if !slices.Contains(f.rels, r) {
				f.rels = append(f.rels, r)
			}
		}
	}
	if f.mixed || o.mixed || !slices.Equal(f.defers, o.defers) {
		f.defers, f.mixed = nil, true
	}
	return !before.equal(f)
}

func (f *gateState) equal(o *gateState) bool {
	return f.status == o.status && f.excl == o.excl && f.count == o.count && f.acq == o.acq &&
		slices.Equal(f.rels, o.rels) && slices.Equal(f.defers, o.defers) && f.mixed == o.mixed && f.open == o.open
}

// deferOp notes e, deferred until the function returns.
func (f *gateState) deferOp(e *gate.Event) {
	if slices.Contains(f.defers, e) {
		f.defers, f.mixed = nil, true
	}
	if !f.mixed {
		f.defers = append(f.defers, e)
	}
}

// acquire records the function's own acquire e of a gate of kind k,
// which certainly succeeded.
func (f *gateState) acquire(e *gate.Event, k known.Kind) {
	f.open = false
	was := f.status
	switch {
	case k == known.Weighted:
		if e.Permits <= 0 || was == unknown {
			f.forget()
			return
		}
		if was != held {
			f.count = 0
		}
		f.count += e.Permits
	case e.Mode == known.Exclusive:
		// A lock succeeds only while nobody holds the gate: whatever
		// came before, the function now holds it, alone. Locking it
		// again while held deadlocks (nestedacquire reports that).
		if was == held {
			f.forget()
			return
		}
		f.excl, f.count = true, 0
	default:
		if was == unknown || was == held && f.excl {
			f.forget()
			return
		}
		if was != held {
			f.count = 0
		}
		f.count++
	}
	if was != held {
		f.acq = e
	}
	f.status, f.rels = held, nil
}

// A finding is a release that its path cannot make.
type finding struct {
	rel *gate.Event
	// at is where rel runs: the RunDefers of a deferred release, the
	// release itself otherwise.
	at  ssa.Instruction
	acq *gate.Event // the function's own acquire
	// firsts are the releases that gave the gate back before rel: rel
	// releases it a second time. Without firsts, rel releases a gate
	// held in the other mode (Unlock after RLock, RUnlock after Lock).
	firsts []*gate.Event
}

// release records the function's own release e of a gate of kind k. It
// returns the finding when the path cannot make it, and whether e gave
// back everything the function held.
func (f *gateState) release(e *gate.Event, k known.Kind) (*finding, bool) {
	switch f.status {
	case freed:
		d := &finding{rel: e, acq: f.acq, firsts: f.rels}
		f.forget()
		return d, false
	case held:
	default:
		f.forget()
		return nil, false
	}
	switch {
	case k == known.Weighted:
		if e.Permits <= 0 || e.Permits > f.count {
			// More than acquired on the path: releasecount's report.
			f.forget()
			return nil, false
		}
		f.count -= e.Permits
	case f.excl != (e.Mode == known.Exclusive):
		d := &finding{rel: e, acq: f.acq}
		f.forget()
		return d, false
	case f.excl:
		f.excl = false
	default:
		f.count--
	}
	if f.excl || f.count > 0 {
		return nil, false
	}
	f.status, f.rels = freed, []*gate.Event{e}
	return nil, true
}
