package concurrency

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/directive"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Together is the converse of Apart. That the model cannot keep two
// points apart does not show that anything runs them at once: two
// methods of a type with a lock may both be called, one after the other,
// by the one goroutine that owns the value. The package's own code shows
// it in two ways. A point on a goroutine a function of the package
// (not its tests) starts and does not wait for runs beside whatever that
// function's callers do next, and beside every exported function they
// may call. And a type
// whose doc comment says its values are safe for concurrent use
// (directive.Concurrent) has its exported methods called on any
// goroutine, beside each other. Without either, whether two points meet
// depends on a caller the package cannot see.

// A Side is one of two points asked about: the function it is reached
// from (an entry of the package), and whether it runs on a goroutine that
// function starts.
type Side struct {
	Func    *gate.FuncInfo
	Started bool
}

// Together reports why the package's own code runs a and b at the same
// time, on instances of one of owners: the goroutine one of them runs on
// (Reason.Pos unset for a side on a goroutine its own function starts,
// which the side shows; else at the go statement), or the sentence of an
// owner's doc comment that says its values are used concurrently
// (Reason.Pos at that sentence). ok is false when the package shows
// neither.
func (r *Result) Together(a, b Side, owners []*types.TypeName) (Reason, bool) {
	for _, s := range []Side{a, b} {
		if s.Started {
			return Reason{What: fmt.Sprintf("the goroutine %s starts runs beside its callers", naming.FuncName(s.Func.Fn))}, true
		}
		if d, ok := r.detachedOf()[s.Func]; ok {
			return d.reason(r.fset, s.Func.Fn), true
		}
	}
	for _, tn := range owners {
		if ds := r.gates.Directives.Of(tn, directive.Concurrent); len(ds) > 0 {
			return Reason{Pos: ds[0].Pos, What: fmt.Sprintf("%s's doc says %q", tn.Name(), ds[0].Said)}, true
		}
	}
	return Reason{}, false
}

// A detachment is why a function runs on a goroutine nothing waits
// for: the go statement that starts it (at), or the call of a function
// that runs it later on a goroutine of its own (at, via: time.AfterFunc,
// known.RunsLater), or the HTTP handler it runs for (handler), which
// net/http calls for each request on the request's goroutine
// (known.ServesHTTP).
type detachment struct {
	at      token.Pos
	via     string
	handler *ssa.Function
}

// reason says d of fn.
func (d detachment) reason(fset *token.FileSet, fn *ssa.Function) Reason {
	name := naming.FuncName(fn)
	switch {
	case d.handler == fn:
		return Reason{Pos: d.at, What: fmt.Sprintf("%s serves HTTP requests, which net/http runs on a goroutine per connection", name)}
	case d.handler != nil:
		return Reason{Pos: d.at, What: fmt.Sprintf("%s runs for %s, which serves HTTP requests on a goroutine per connection", name, naming.FuncName(d.handler))}
	}
	if d.via != "" {
		return Reason{Pos: d.at, What: fmt.Sprintf("%s runs on a goroutine %s starts at %s, which nothing waits for", name, d.via, gate.PosText(fset, d.at))}
	}
	return Reason{Pos: d.at, What: fmt.Sprintf("%s runs on a goroutine started at %s that nothing waits for", name, gate.PosText(fset, d.at))}
}

// detachedOf returns the functions that may run on a goroutine a
// function of the package (not of its tests) starts and does not wait
// for (EndWaits), or that a known.RunsLater function starts (the func
// of time.AfterFunc, a finalizer, a shutdown hook), or on a goroutine
// net/http serves a request on (the package's HTTP handlers,
// known.ServesHTTP, and what they call): they run beside whatever the
// starter's callers, or the server's owner, do next. Workers a function
// starts and joins before it returns run only within its call. A method
// the goroutine calls on an object it made and has not published yet
// (Owned: a shard it builds and sets up before it stores it) runs on
// that object only, which no caller of the package holds: it is not
// followed.
func (r *Result) detachedOf() map[*gate.FuncInfo]detachment {
	r.detachOnce.Do(func() {
		r.detached = make(map[*gate.FuncInfo]detachment)
		for _, fi := range r.gates.Funcs {
			if r.gates.InTest(fi) {
				continue
			}
			if known.ServesHTTP(fi.Fn.Signature) {
				r.detach(fi, detachment{at: fi.Fn.Pos(), handler: fi.Fn})
			}
			for call, cal := range fi.StaticCalls() {
				fn, _ := cal.Fn.Object().(*types.Func)
				for j, a := range call.Call.Args {
					if via, ok := known.RunsLater(fn, j); ok {
						if f := naming.FuncOf(a); f != nil && r.gates.Info(f) != nil {
							r.detach(r.gates.Info(f), detachment{at: call.Pos(), via: via})
						}
					}
				}
			}
			for _, s := range fi.Starts() {
				if info := r.gates.Info(s.Fn); info != nil && len(r.EndWaits(fi, s)) == 0 {
					r.detach(info, detachment{at: s.Pos})
				}
			}
		}
	})
	return r.detached
}

// detach marks fi, and what it calls on the goroutine d says, as
// detached (see detachedOf).
func (r *Result) detach(fi *gate.FuncInfo, d detachment) {
	if _, seen := r.detached[fi]; seen {
		return
	}
	r.detached[fi] = d
	for _, b := range fi.Fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			cal, ok := naming.Resolve(call.Common())
			if !ok || r.onOwned(fi, call, cal) {
				continue
			}
			if callee := r.gates.Info(cal.Fn); callee != nil {
				r.detach(callee, d)
			}
		}
	}
}

// onOwned reports whether call, a method call in fi, is made on an
// object fi owns at the call.
func (r *Result) onOwned(fi *gate.FuncInfo, call ssa.CallInstruction, cal naming.Callee) bool {
	if cal.Fn.Signature.Recv() == nil {
		return false
	}
	recv := cal.Value(0, false)
	if recv == nil {
		return false
	}
	ref, ok := fi.Ref(recv)
	if !ok {
		return false
	}
	_, owned := r.Owned(fi, call, ref)
	return owned
}
