package permitleak

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/facts"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
)

// unreleasedByCallers judges a function that returns holding gate h on
// some paths and not on others, without the evidence of a non-error
// return after its release: an acquire helper keeps the gate for its
// callers by design, so it is one only if they treat it as one. It
// returns the call sites when the package's code is all the function's
// callers (an unexported function or method whose value never escapes
// and that no interface call can reach), or all the callers that could
// give the gate back (an exported one, when other packages cannot name
// the gate and no function of the package releases a gate of its class
// for its caller), and none of them releases the
// gate after the call or returns holding it where someone can take it
// up: then the early return is the bug. A caller that other packages
// call and that returns holding a gate they cannot give back (see
// Result.Releasable) hands it to nobody. ok is false when some caller may use
// it as a helper, or the callers are not all known.
func unreleasedByCallers(pass *analysis.Pass, res *gate.Result, fi *gate.FuncInfo, h *gate.Holding) (sites []ssa.CallInstruction, ok bool) {
	fn := fi.Fn
	obj := fn.Object()
	if obj == nil || fn.Parent() != nil || res.Escapes(fn) ||
		(fn.Signature.Recv() != nil && res.Invoked(fn.Name())) {
		return nil, false
	}
	// Other packages' callers count too unless they cannot give the gate
	// back, and nothing in the package gives it back for them.
	if obj.Exported() && (res.Releasable(pass, fi, h.Gate) || releasedForCallers(res, fi, h.Gate)) {
		return nil, false
	}
	sites = res.CallSites(fn)
	if len(sites) == 0 && !obj.Exported() {
		return nil, false
	}
	for _, call := range sites {
		if _, isCall := call.(*ssa.Call); !isCall {
			return nil, false // deferred or started: not a caller that holds
		}
		caller := res.Info(call.Parent())
		cal, resolved := naming.Resolve(call.Common())
		if caller == nil || !resolved {
			return nil, false
		}
		r, named := caller.Translate(h.Gate, cal)
		if !named || caller.ReleasesAfter(call, r.Key()) {
			return nil, false
		}
		if _, exported := facts.Exported(pass, caller.Fn); returnsHolding(caller, r.Key()) && (!exported || res.Releasable(pass, caller, r)) {
			return nil, false
		}
	}
	return sites, true
}

// handles reports whether caller treats the gate key, which the call may
// leave held, as its own: it releases the gate after the call, or
// returns holding it to its own caller.
func handles(caller *gate.FuncInfo, call ssa.CallInstruction, key string) bool {
	return caller.ReleasesAfter(call, key) || returnsHolding(caller, key)
}

// returnsHolding reports whether caller returns holding the gate key.
func returnsHolding(caller *gate.FuncInfo, key string) bool {
	sum := caller.Summary
	for _, ops := range [][]gate.GateOp{sum.Holds, sum.HoldsIfNil} {
		for _, op := range ops {
			if op.Gate.Key() == key {
				return true
			}
		}
	}
	return false
}

// releasedForCallers reports whether some function of the package
// releases a gate of g's class that it did not take: an unlock helper,
// or a loop that frees what another goroutine acquired (a stream's slot,
// freed when the peer acknowledges it). Without a class, it may.
func releasedForCallers(res *gate.Result, fi *gate.FuncInfo, g naming.Ref) bool {
	class, ok := fi.Class(g)
	if !ok {
		return true
	}
	for _, other := range res.Funcs {
		if releasesClass(other, class) {
			return true
		}
	}
	return false
}
