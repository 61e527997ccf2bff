package concurrency

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// A Reason says why a program point runs beside no other goroutine's on
// an instance.
type Reason struct {
	Pos  token.Pos // where the object was made
	What string    // for messages: "made here and not yet published"
}

// maxDepth bounds the chain of helpers followed back to the function
// that made an object.
const maxDepth = 8

// Owned reports whether the object at the root of ref, in fi's terms,
// is reachable only by the goroutine running fi at instr: fi made it
// and has not published it, or fi is an unexported helper that every
// call hands an object its caller owns, and fi has not published it
// either. Its locks are then held and waited for by no one else.
func (r *Result) Owned(fi *gate.FuncInfo, instr ssa.Instruction, ref naming.Ref) (Reason, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	why := r.owned(fi, instr, ref, false, 0)
	if why == nil {
		return Reason{}, false
	}
	return *why, true
}

// owned is Owned; with entering, instr is a call, and what counts is
// whether the object is owned when the callee starts, whatever the
// callee does with it.
func (r *Result) owned(fi *gate.FuncInfo, instr ssa.Instruction, ref naming.Ref, entering bool, depth int) *Reason {
	for _, step := range ref.Path {
		if step == naming.Deref || naming.IsElemStep(step) {
			return nil // another object's, reached through a pointer stored in this one
		}
	}
	switch ref.Root {
	case naming.Local:
		v := fi.LocalValue(ref)
		what := "made here and not yet published"
		switch v := v.(type) {
		case *ssa.Alloc:
		case *ssa.Call:
			callee := v.Call.StaticCallee()
			if callee == nil || !r.freshResult(callee) {
				return nil
			}
			what = "made by " + naming.FuncName(callee) + " and not yet published"
		default:
			return nil
		}
		if r.publisher(v, instr, !entering) != nil {
			return nil
		}
		return &Reason{Pos: v.Pos(), What: what}
	case naming.Param:
		if ref.Index >= len(fi.Fn.Params) || depth == maxDepth {
			return nil
		}
		why := r.handedOwned(param{fi.Fn, ref.Index}, depth)
		if why == nil || r.publisher(fi.Fn.Params[ref.Index], instr, !entering) != nil {
			return nil
		}
		return why
	}
	return nil
}

// WriterOf returns a writer of the read lock g, as fi names it, that
// can queue while fi's path holds it (gate.Result.WriterOfIf) on a
// published object: not one that locks only objects its callers have
// made and not yet published, which no reader of a published object can
// meet; and, rather than one the package calls only on objects it is
// making (a key's exported Import, called only on the key being built),
// one that can lock a published object.
func (r *Result) WriterOf(fi *gate.FuncInfo, g naming.Ref) (gate.Writer, bool) {
	return r.publishedWriter(func(accept func(gate.Writer) bool) (gate.Writer, bool) {
		return r.gates.WriterOfIf(fi, g, accept)
	})
}

// Writer is WriterOf for a read lock of class, whatever the object (a
// lock-order edge's gate).
func (r *Result) Writer(fi *gate.FuncInfo, class string) (gate.Writer, bool) {
	return r.publishedWriter(func(accept func(gate.Writer) bool) (gate.Writer, bool) {
		return r.gates.WriterIf(fi, class, accept)
	})
}

// publishedWriter asks find for a writer that can lock a published
// object, preferring one that is not only called on objects being made.
func (r *Result) publishedWriter(find func(accept func(gate.Writer) bool) (gate.Writer, bool)) (gate.Writer, bool) {
	unowned := func(w gate.Writer) bool {
		_, owned := r.Owned(w.Func, w.Acquire.Instr, w.Acquire.GateOp.Gate)
		return !owned
	}
	if w, ok := find(func(w gate.Writer) bool {
		return unowned(w) && !r.builtOnly(w.Func, w.Acquire.GateOp.Gate)
	}); ok {
		return w, true
	}
	return find(unowned)
}

// builtOnly reports whether every call the package makes of fi's
// function hands it, at the root of ref (a parameter), an object its
// caller owns. Unlike Owned, fi may be exported: callers in other
// packages may use it on a published object, but the package's own use
// does not.
func (r *Result) builtOnly(fi *gate.FuncInfo, ref naming.Ref) bool {
	if ref.Root != naming.Param || ref.Index >= len(fi.Fn.Params) {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.allCallsOwn(param{fi.Fn, ref.Index}, 0) != nil
}

// handedOwned returns why every call of p's function, an unexported
// helper that only the package calls (statically: a method the package
// calls through an interface has calls it cannot see), passes as p an
// object its caller owns at the call; nil when some call does not, or
// it cannot be told.
func (r *Result) handedOwned(p param, depth int) *Reason {
	if why, done := r.helpers[p]; done {
		return why
	}
	if r.busy[p] {
		return nil
	}
	r.busy[p] = true
	defer delete(r.busy, p)
	var why *Reason
	if r.gates.PackageOnly(p.fn) {
		why = r.allCallsOwn(p, depth)
	}
	r.helpers[p] = why
	return why
}

// allCallsOwn returns why each of the package's calls of p's function
// passes as p an object its caller owns there: the first call's reason.
func (r *Result) allCallsOwn(p param, depth int) *Reason {
	sites := r.gates.CallSites(p.fn)
	if len(sites) == 0 {
		return nil
	}
	var first *Reason
	for _, site := range sites {
		caller := r.gates.Info(site.Parent())
		c := site.Common()
		if _, isGo := site.(*ssa.Go); isGo || caller == nil || c.IsInvoke() || p.i >= len(c.Args) {
			// A goroutine gets the object while its starter goes on:
			// the starter may hand it on meanwhile.
			return nil
		}
		arg, ok := caller.Ref(c.Args[p.i])
		if !ok {
			return nil
		}
		why := r.owned(caller, site, arg, true, depth+1)
		if why == nil {
			return nil
		}
		if first == nil {
			first = &Reason{Pos: why.Pos, What: fmt.Sprintf("%s (passed to %s)", why.What, naming.FuncName(p.fn))}
		}
	}
	return first
}
