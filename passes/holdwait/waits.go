package holdwait

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// waits returns fi's waits where a gate a goroutine could block on is
// must-held: a plain receive or send that is no channel-semaphore
// operation (nor a receive of a token a flag records as buffered,
// gate.TakesOwnToken), a select without default, sync.WaitGroup.Wait,
// errgroup.Group.Wait and sync.Cond.Wait (see cond.go).
func waits(res *gate.Result, fi *gate.FuncInfo) []wait {
	found := make(map[ssa.Instruction]wait)
	for _, b := range fi.Fn.Blocks {
		for _, instr := range b.Instrs {
			if w, ok := waitAt(fi, instr); ok {
				found[instr] = w
			} else if call, isCall := instr.(*ssa.Call); isCall {
				if w, ok := helperWait(res, fi, call); ok {
					found[instr] = w
				}
			}
		}
	}
	if len(found) == 0 {
		return nil
	}
	for _, e := range fi.Events() {
		if w, ok := found[e.Instr]; ok && w.maybe && balanced(res, e.Instr) {
			continue // the helper's own lock, taken and given back around its wait
		}
		delete(found, e.Instr) // a channel semaphore's operation, or a gate's
	}
	for instr := range found {
		if res.TakesOwnToken(instr) {
			delete(found, instr) // a token its object recorded as sent is buffered
		}
	}
	var out []wait
	fi.Walk(func(instr ssa.Instruction, held gate.Held) {
		w, ok := found[instr]
		if !ok {
			return
		}
		for _, h := range held.All() {
			// A counting gate may have permits to spare, unless it has
			// one and the waiter took it; a Once is held only while its
			// Do runs.
			if res.Exclusive(fi, h) {
				w.held = append(w.held, h)
			}
		}
		if len(w.held) > 0 {
			out = append(out, w)
		}
	})
	return out
}

// waitAt recognises a wait at instr.
func waitAt(fi *gate.FuncInfo, instr ssa.Instruction) (wait, bool) {
	w := wait{instr: instr}
	switch in := instr.(type) {
	case *ssa.UnOp:
		if in.Op != token.ARROW {
			return wait{}, false
		}
		w.kind, w.obj = recv, in.X
	case *ssa.Send:
		w.kind, w.obj = send, in.Chan
	case *ssa.Select:
		if !in.Blocking || len(in.States) == 0 {
			return wait{}, false // a default case: it does not wait
		}
		w.kind, w.obj = selectWait, in.States[0].Chan
	case *ssa.Call:
		callee := in.Call.StaticCallee()
		if callee == nil || callee.Name() != "Wait" || len(in.Call.Args) != 1 {
			return wait{}, false
		}
		recvT := callee.Signature.Recv()
		switch {
		case recvT == nil:
			return wait{}, false
		case known.IsNamed(recvT.Type(), "sync", "WaitGroup"):
			w.kind = wgWait
		case known.IsNamed(recvT.Type(), "golang.org/x/sync/errgroup", "Group"):
			w.kind = groupWait
		case known.IsNamed(recvT.Type(), "sync", "Cond"):
			w.kind = condWait
		default:
			return wait{}, false
		}
		w.obj = in.Call.Args[0]
	default:
		return wait{}, false
	}
	ref, ok := fi.Ref(w.obj)
	if !ok {
		return wait{}, false
	}
	w.ref = ref
	return w, true
}

// helperWait recognises a call of a helper of the package that, on every
// path, receives from or Waits on a field of what the call hands it
// (c.waitDone(), which does <-c.done): the call is that wait, in the
// caller's terms. A helper that takes or gives back a gate on the way
// (one that lets go of its caller's lock while it waits) has events of
// its own at the call, which leave the call alone (see waits). A Wait
// on a Cond field of what the call hands it, on some paths only (a
// queue's Get, for len(q.items) == 0 { q.cond.Wait() }), is a wait
// that may happen (maybe), also when the helper takes the Cond's lock
// and gives it back around it.
func helperWait(res *gate.Result, fi *gate.FuncInfo, call *ssa.Call) (wait, bool) {
	cal, ok := naming.Resolve(&call.Call)
	if !ok || cal.Fn == fi.Fn || cal.Fn.Pkg != fi.Fn.Pkg || len(cal.Fn.Blocks) == 0 {
		return wait{}, false
	}
	hfi := res.Info(cal.Fn)
	if hfi == nil {
		return wait{}, false
	}
	entry := cal.Fn.Blocks[0].Instrs[0]
	for _, b := range cal.Fn.Blocks {
		for _, instr := range b.Instrs {
			w, ok := waitAt(hfi, instr)
			if !ok || w.kind != recv && w.kind != wgWait && w.kind != condWait || w.ref.Root != naming.Param {
				continue
			}
			sure := instr == entry || cfg.Inevitable(entry, instr)
			if _, field := naming.ValueField(w.obj); !field || !sure && w.kind != condWait {
				continue
			}
			w.maybe = !sure
			ref, ok := fi.Translate(w.ref, cal)
			if !ok {
				continue
			}
			w.instr, w.ref, w.via, w.viaAt = call, ref, naming.CalleeName(cal.Fn, fi.Fn.Pkg.Pkg.Path()), instr.Pos()
			return w, true
		}
	}
	return wait{}, false
}

// balanced reports whether the helper call makes, at the caller's level,
// no lasting change to what is held: it gives back on every return what
// it takes, and lets go of nothing of its caller's.
func balanced(res *gate.Result, instr ssa.Instruction) bool {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return false
	}
	cal, ok := naming.Resolve(&call.Call)
	if !ok {
		return false
	}
	sum := res.SummaryOf(cal.Fn)
	return sum != nil && len(sum.Holds) == 0 && len(sum.HoldsIfNil) == 0 && len(sum.Releases) == 0 && len(sum.Drops) == 0
}
