package concurrency

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/naming"
)

// Dropped reports whether every call of fn passes as its i-th parameter
// an object the caller owns at the call and drops with it: fn is an
// unexported helper only the package calls, it publishes the parameter
// on no path, and no caller uses the object after the call
// (rcvConn(c).read(), a wrapper made for one call). What fn leaves held
// on that object, nobody else can ever wait for.
func (r *Result) Dropped(fn *ssa.Function, i int) (Reason, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.gates.PackageOnly(fn) || i >= len(fn.Params) || !r.Borrows(fn, i) {
		return Reason{}, false
	}
	sites := r.gates.CallSites(fn)
	if len(sites) == 0 {
		return Reason{}, false
	}
	var first *Reason
	for _, site := range sites {
		call, ok := site.(*ssa.Call)
		caller := r.gates.Info(site.Parent())
		if !ok || caller == nil || call.Call.IsInvoke() || i >= len(call.Call.Args) {
			return Reason{}, false
		}
		v := call.Call.Args[i]
		arg, ok := caller.Ref(v)
		if !ok {
			return Reason{}, false
		}
		why := r.owned(caller, site, arg, true, 0)
		if why == nil || usedAfter(v, call) {
			return Reason{}, false
		}
		if first == nil {
			first = &Reason{Pos: why.Pos, What: fmt.Sprintf("%s, and dropped after the call of %s", why.What, naming.FuncName(fn))}
		}
	}
	return *first, true
}

// usedAfter reports whether v, passed to call, is used again after it
// on a path that does not make v anew, directly or through an address
// into it.
func usedAfter(v ssa.Value, call *ssa.Call) bool {
	seen := make(map[ssa.Value]bool)
	var walk func(x ssa.Value) bool
	walk = func(x ssa.Value) bool {
		if seen[x] || x.Referrers() == nil {
			return false
		}
		seen[x] = true
		for _, u := range *x.Referrers() {
			switch u := u.(type) {
			case *ssa.DebugRef:
				continue
			case *ssa.FieldAddr:
				if walk(u) {
					return true
				}
				continue
			}
			if u != ssa.Instruction(call) && before(v, call, u) {
				return true
			}
		}
		return false
	}
	return walk(v)
}

// freshResult reports whether fn, a function of the package, returns an
// object it made and did not publish on every path (a constructor such
// as func newConn(c net.Conn) *conn { return &conn{c: c} }): its caller
// owns what the call returns.
func (r *Result) freshResult(fn *ssa.Function) bool {
	if fresh, done := r.fresh[fn]; done {
		return fresh
	}
	r.fresh[fn] = false
	res := fn.Signature.Results()
	if fn.Blocks == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != r.pkg || res.Len() != 1 {
		return false
	}
	if _, ok := res.At(0).Type().Underlying().(*types.Pointer); !ok {
		return false
	}
	returns := 0
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		a, ok := ret.Results[0].(*ssa.Alloc)
		if !ok || !a.Heap || r.publisher(a, ret, false) != nil {
			return false
		}
		returns++
	}
	r.fresh[fn] = returns > 0
	return returns > 0
}
