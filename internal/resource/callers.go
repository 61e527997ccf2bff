package resource

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
)

// The package's calling discipline. A function's uses hold what the
// function holds; its callers may hold more around the call. When every
// call the package makes of the function holds one lock of an object
// that encloses the resource's instance (profile.mu around
// profile.ns.Validate()), and the function is reached in no other way
// the model knows of (no func value, no interface call), two runs of it
// on one instance are serialised by that lock as if the function took
// it itself: the package's own calls are how it is meant to be called.
// An exported function is held to that too; other packages' calls are
// not seen, and follow the discipline or race as a caller the package
// documents nothing for.

// CallersHold returns the gates, named relative to u's resource, that
// every call of u's function in the package holds exclusively around
// the same use (its use at the call: the same touch, seen from the
// caller), their callers' included: nil when the function has no call
// in the package, is reached otherwise, or the calls share no gate.
func (r *Result) CallersHold(u Use) []GateKey {
	r.Uses()
	return r.callersHold(u, map[*ssa.Function]bool{})
}

// maxCallerDepth bounds the chain of callers CallersHold follows.
const maxCallerDepth = 6

func (r *Result) callersHold(u Use, busy map[*ssa.Function]bool) []GateKey {
	fn := u.Func.Fn
	if u.Started || fn.Parent() != nil || busy[fn] || len(busy) == maxCallerDepth ||
		r.gates.Escapes(fn) || len(r.gates.DynamicCallSites(fn)) > 0 ||
		fn.Signature.Recv() != nil && r.gates.Invoked(fn.Name()) {
		return nil
	}
	sites := r.gates.CallSites(fn)
	if len(sites) == 0 {
		return nil
	}
	busy[fn] = true
	defer delete(busy, fn)
	var common []GateKey
	for n, site := range sites {
		if _, isCall := site.(*ssa.Call); !isCall {
			return nil // a goroutine or a deferred call: not around the use as held here
		}
		// The touch seen from the caller: its resource names the gates
		// the caller holds at the call. (A caller's summary keeps one
		// read of a resource, wherever the callee makes it.)
		i := slices.IndexFunc(r.byInstr[site], func(i int) bool { return r.uses[i].Res.Key == u.Res.Key })
		if i < 0 {
			return nil
		}
		cu := r.uses[r.byInstr[site][i]]
		var keys []GateKey
		for _, h := range r.gates.HeldAt(cu.Func, site) {
			if k, ok := KeyOf(h.Gate, cu.Res); ok && h.Mode == known.Exclusive && h.Kind != known.Claim {
				keys = append(keys, k)
			}
		}
		keys = append(keys, r.callersHold(cu, busy)...)
		if n == 0 {
			common = keys
		} else {
			common = slices.DeleteFunc(common, func(k GateKey) bool { return !slices.Contains(keys, k) })
		}
		if len(common) == 0 {
			return nil
		}
	}
	return common
}

// Inner returns where u's use is made: at the end of its chain of
// calls, when that is in the package, else at u.
func Inner(u Use) token.Pos {
	if n := len(u.Chain); n > 0 && u.Chain[n-1].Pos().IsValid() {
		return u.Chain[n-1].Pos()
	}
	return u.Pos
}
