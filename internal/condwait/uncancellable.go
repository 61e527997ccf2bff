package condwait

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// Cancellable reports whether the context ContextInScope finds for fn
// can be cancelled, as far as the function shows: not when it is a
// parameter without a name (a callback's signature the function must
// take and cannot read: func(context.Context)), nor when it is a
// variable the enclosing function sets only to contexts nothing cancels
// (context.Background() in a test, see known.NeverCancelled).
func Cancellable(fn *ssa.Function) bool {
	for _, p := range fn.Params {
		if known.IsContext(p.Type()) {
			v, _ := p.Object().(*types.Var)
			return v != nil && v.Name() != "" && v.Name() != "_"
		}
	}
	for _, fv := range fn.FreeVars {
		if known.IsContext(fv.Type()) || known.IsContext(known.PointerElem(fv.Type())) {
			return !neverCancelled(fv, 0)
		}
	}
	return true
}

// neverCancelled reports whether the context v, or the variable v
// points to, only ever holds contexts nothing cancels.
func neverCancelled(v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	if known.NeverCancelled(v) {
		return true
	}
	switch x := v.(type) {
	case *ssa.Extract:
		return x.Index == 0 && cancelledOnlyAtReturn(x.Tuple, depth)
	case *ssa.UnOp:
		return neverCancelled(x.X, depth+1)
	case *ssa.FreeVar:
		if b := naming.Bound(x); b == nil || !neverCancelled(b, depth+1) {
			return false
		}
		return allStores(x, depth)
	case *ssa.Alloc:
		return allStores(x, depth)
	}
	return false
}

// cancelledOnlyAtReturn reports whether t is a context.WithCancel of a
// context nothing cancels, whose cancel func the function only defers
// (ctx, cancel := context.WithCancel(context.Background()); defer
// cancel()): nothing cancels it while the function runs.
func cancelledOnlyAtReturn(t ssa.Value, depth int) bool {
	c, ok := t.(*ssa.Call)
	if !ok {
		return false
	}
	if f := c.Call.StaticCallee(); f == nil || known.PkgPath(f) != "context" || f.Name() != "WithCancel" || !neverCancelled(c.Call.Args[0], depth+1) {
		return false
	}
	for _, ref := range *c.Referrers() {
		x, ok := ref.(*ssa.Extract)
		if !ok || x.Index != 1 {
			continue
		}
		for _, use := range *x.Referrers() {
			if store, ok := use.(*ssa.Store); ok && store.Val == x {
				if a, ok := store.Addr.(*ssa.Alloc); ok && onlyDeferred(a) {
					continue // var cancel; ctx, cancel = …; defer cancel()
				}
				return false
			}
			if d, ok := use.(*ssa.Defer); !ok || d.Call.Value != x {
				return false
			}
		}
	}
	return true
}

// onlyDeferred reports whether the variable a holds a func that is only
// ever loaded to be deferred.
func onlyDeferred(a *ssa.Alloc) bool {
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
		case *ssa.UnOp:
			for _, use := range *r.Referrers() {
				if d, ok := use.(*ssa.Defer); !ok || d.Call.Value != r {
					return false
				}
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// allStores reports whether every store to the variable addr, in its
// function and in the function literals that capture it, stores a context
// that is never cancelled.
func allStores(addr ssa.Value, depth int) bool {
	if _, ok := addr.(*ssa.FreeVar); ok && !known.IsContext(known.PointerElem(addr.Type())) {
		return true // a captured value, not a variable: its binding decides
	}
	for _, ref := range *addr.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr != addr || !neverCancelled(r.Val, depth+1) {
				return false // a store of the variable's address, or of a context that may be cancelled
			}
		case *ssa.MakeClosure:
			lit := r.Fn.(*ssa.Function)
			for i, b := range r.Bindings {
				if b == addr && !allStores(lit.FreeVars[i], depth+1) {
					return false
				}
			}
		case *ssa.UnOp, *ssa.DebugRef:
			// a load reads the variable
		default:
			return false // &ctx handed on: anything may store
		}
	}
	return true
}
