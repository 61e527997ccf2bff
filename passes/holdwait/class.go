package holdwait

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// classBlocked judges a receive from a channel field (<-c.done), a send
// on one (c.events <- e) that only unbuffered channels are ever stored
// into, or a Wait on a WaitGroup field (s.wg.Wait(), the Stop that waits
// for the loop its constructor started), under a gate of the same
// instance (c.mu): every operation on that field anywhere in the package
// that the wait waits for (a send or close; a receive; a Done) is in a
// function the package runs as a goroutine (or in any function, for a
// channel only this package reaches: anySender), after a blocking
// acquire of the same field of the same instance (r.mu, beside r.done).
func (p *pkgInfo) classBlocked(fi *gate.FuncInfo, w wait, h *gate.Holding) (blocker, bool) {
	field, _ := naming.ValueField(w.obj)
	if !w.ref.SameRoot(h.Gate) || (w.kind == send && !p.unbufferedField(field)) {
		return blocker{}, false
	}
	is := func(v ssa.Value) bool {
		f, ok := naming.ValueField(v)
		return ok && f == field
	}
	var found blocker
	any := false
	for _, fn := range p.res.Source {
		var ops []compOp
		var ok bool
		switch w.kind {
		case wgWait:
			ops, ok = groupOps(fn, is, true, nil)
		case condWait:
			ops, ok = condOps(fn, is), true
		default:
			ops, ok = chanOps(fn, w.kind, is, nil)
		}
		if !ok {
			return blocker{}, false
		}
		if len(ops) == 0 {
			continue
		}
		_, started := p.goroutines[fn]
		if p.res.Info(fn) == nil {
			return blocker{}, false
		}
		doers := []doer{{fn: fn, ops: ops}}
		anyone := p.anySender(w, field)
		if !started && !anyone {
			if doers, ok = p.lifted(fn, ops, true); !ok {
				return blocker{}, false // a sender that is no goroutine may answer
			}
		}
		for len(doers) > 0 {
			d := doers[0]
			doers = doers[1:]
			b, ok := p.judge(w, h, is, d.fn, d.ops)
			if !ok && anyone && !started && d.depth < maxLift {
				// An operation in a helper that takes no gate first (an
				// add that signals) is judged where it is called: a Sync
				// that locks, and then calls add.
				up, ok := p.lifted(d.fn, d.ops, false)
				if !ok {
					return blocker{}, false
				}
				for i := range up {
					up[i].depth = d.depth + 1
				}
				doers = append(doers, up...)
				continue
			}
			if !ok {
				return blocker{}, false
			}
			if !any {
				found, any = b, true
			}
			found.latent = found.latent || b.latent
			found.released = found.released || b.released
			if w.kind == recv && b.opWhat == "sends on" && p.bufferedMade(field) {
				found.buffered, found.bufChan = true, w.ref
			}
		}
	}
	return found, any
}

// A doer is a goroutine's function and the operations in it that a
// wait waits for.
type doer struct {
	fn    *ssa.Function
	ops   []compOp
	depth int // how many calls up from the operations' own function
}

// maxLift bounds how many calls up an operation any function may make
// is followed to the acquire before it.
const maxLift = 3

// judge judges ops, the operations of fn (a goroutine the package
// starts) that wait w waits for, under gate h: a blocking acquire of the
// same field of the same instance before them (r.mu, beside r.done).
func (p *pkgInfo) judge(w wait, h *gate.Holding, is func(ssa.Value) bool, fn *ssa.Function, ops []compOp) (blocker, bool) {
	gfi := p.res.Info(fn)
	// A goroutine that counts itself into the group it is waited by (Add
	// under the lock the waiter holds) is not waited for until it has:
	// an acquire before its Add does not hold the Wait up.
	var self ssa.Instruction
	if w.kind == wgWait {
		self = selfCount(fn, is, ops)
	}
	b, ok := guarded(p.res, gfi, ops, h, func(op compOp, ap gate.AcquirePoint) bool {
		r, ok := gfi.Ref(op.ch)
		if op.ref != nil {
			r, ok = *op.ref, true
		}
		return ok && naming.Beside(r, ap.GateOp.Gate, w.ref, h.Gate) && (self == nil || cfg.Dominates(self, ap.Instr))
	})
	if !ok {
		return blocker{}, false
	}
	// The goroutine started elsewhere keeps running: it may already wait
	// in a receive or a send that answers the waiter, past a gate it let
	// go of. (A close, a Done or a return that follows a lock has no such
	// wait to be parked in.)
	b.released = releasedBefore(gfi, parked(ops), b.acquire.GateOp.Gate)
	b.name, b.start = naming.CalleeName(fn, p.pass.Pkg.Path()), p.goroutines[fn].Pos
	return b, true
}

// lifted returns the operations of fn, a helper that is no goroutine,
// as the goroutines that call it do them: each call is the operation
// (a worker's h.workerExited(), whose body calls h.workers.Done()), or
// each return, for a deferred call,
// named in the caller's terms; none when nothing calls fn. ok is false
// unless only the package calls fn, and, with goroutines, only from
// goroutines it starts.
func (p *pkgInfo) lifted(fn *ssa.Function, ops []compOp, goroutines bool) ([]doer, bool) {
	hfi := p.res.Info(fn)
	sites := p.res.CallSites(fn)
	if hfi == nil || !p.res.PackageOnly(fn) || len(p.res.DynamicCallSites(fn)) > 0 {
		return nil, false
	}
	var out []doer
	for _, site := range sites {
		caller := site.Parent()
		cfi := p.res.Info(caller)
		cal, resolved := naming.Resolve(site.Common())
		if _, started := p.goroutines[caller]; (goroutines && !started) || cfi == nil || !resolved || site.Block() == nil {
			return nil, false
		}
		at := []ssa.Instruction{site}
		switch site.(type) {
		case *ssa.Go:
			return nil, false // on a goroutine of its own
		case *ssa.Defer:
			at = at[:0] // at each return (defer s.finish())
			for _, ret := range atReturns(caller, site.Pos(), "") {
				at = append(at, ret.at)
			}
		}
		d := doer{fn: caller}
		for _, op := range ops {
			r, ok := hfi.Ref(op.ch)
			if !ok {
				return nil, false
			}
			t, ok := cfi.Translate(r, cal)
			if !ok {
				return nil, false
			}
			for _, x := range at {
				d.ops = append(d.ops, compOp{at: x, ref: &t, pos: op.pos, what: op.what})
			}
		}
		out = append(out, d)
	}
	return out, true
}

// anySender reports whether the operations on field that wait w waits
// for count wherever they are, not only on goroutines the package
// starts: for a channel that only this package can reach (an unexported
// field) and that is always unbuffered, a send or receive in a method a
// user calls (Send, beside the Recv that waits holding the lock) must
// come to the channel too, and cannot if it takes the gate first; and
// so must a wake-up of a Cond only this package reaches.
func (p *pkgInfo) anySender(w wait, field *types.Var) bool {
	switch w.kind {
	case recv, send:
		return !field.Exported() && p.unbufferedField(field)
	case condWait:
		// A Signal or Broadcast that a method users call (Put) makes
		// only after taking the gate never comes while the waiter
		// holds it.
		return !field.Exported()
	}
	return false
}

// unbufferedField reports whether every channel the package stores into
// field is made unbuffered, and it stores one at least. A nil stored
// (f.resetC = nil, once the channel is closed) has no buffer either.
func (p *pkgInfo) unbufferedField(field *types.Var) bool {
	made := false
	for _, st := range p.fieldStores(field) {
		if k, ok := st.Val.(*ssa.Const); ok && k.IsNil() {
			continue
		}
		if !unbufferedMake(st.Val) {
			return false
		}
		made = true
	}
	return made
}

// bufferedMade reports whether the package stores into field a channel
// it makes with a buffer, or with a size it does not know.
func (p *pkgInfo) bufferedMade(field *types.Var) bool {
	for _, st := range p.fieldStores(field) {
		if mc, ok := st.Val.(*ssa.MakeChan); ok && !unbufferedMake(mc) {
			return true
		}
	}
	return false
}

// fieldStores returns the package's stores into field.
func (p *pkgInfo) fieldStores(field *types.Var) []*ssa.Store {
	var out []*ssa.Store
	for _, fn := range p.res.Source {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					if f, ok := naming.ValueField(st.Addr); ok && f == field {
						out = append(out, st)
					}
				}
			}
		}
	}
	return out
}
