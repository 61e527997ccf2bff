package concurrency

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/known"
)

// Contracts of the caller. An exported method of a type that implements
// an interface the standard library documents as used one call at a
// time (known.OneAtATime: a database/sql/driver.Conn, a driver.Stmt)
// runs only while no other such method of the instance runs: the caller,
// database/sql, holds the connection's lock around every call. What
// runs only within such methods (they, and the helpers only they call)
// runs one call at a time, so two points there, neither on a goroutine
// a method starts, are Apart. The model takes the two points to be on
// one connection, as it does for run loops.

// oneCalls is what runs one call at a time, found once per package.
type oneCalls struct {
	contract map[*ssa.Function]string // each method under a contract: the interface
	within   map[*ssa.Function]bool   // what runs only within those methods
}

// oneCallsOf finds the package's methods under a one-call-at-a-time
// contract, and what runs only within them.
func (r *Result) oneCallsOf() *oneCalls {
	if r.oneCalls != nil {
		return r.oneCalls
	}
	oc := &oneCalls{contract: make(map[*ssa.Function]string), within: make(map[*ssa.Function]bool)}
	r.oneCalls = oc
	contracts := known.OneAtATime(r.pkgTypes)
	if len(contracts) == 0 {
		return oc
	}
	var methods []*ssa.Function
	for _, fi := range r.gates.Funcs {
		recv := fi.Fn.Signature.Recv()
		obj, _ := fi.Fn.Object().(*types.Func)
		if recv == nil || obj == nil || !obj.Exported() {
			continue
		}
		for _, c := range contracts {
			if c.Covers(recv.Type()) {
				oc.contract[fi.Fn] = c.Name
				methods = append(methods, fi.Fn)
				break
			}
		}
	}
	if len(methods) == 0 {
		return oc
	}
	var others []*ssa.Function
	for _, fn := range r.extents.roots {
		if oc.contract[fn] == "" {
			others = append(others, fn)
		}
	}
	outside := r.extents.reach(others, func(fn *ssa.Function) bool { return oc.contract[fn] != "" })
	for fn := range r.extents.reach(methods, nil) {
		oc.within[fn] = !outside[fn]
	}
	return oc
}

// oneAtATime reports whether a and b both run only within methods under
// a one-call-at-a-time contract, neither on a goroutine it starts.
func (r *Result) oneAtATime(fa *gate.FuncInfo, a ssa.Instruction, fb *gate.FuncInfo, b ssa.Instruction) (Reason, bool) {
	oc := r.oneCallsOf()
	ra, rb := runsIn(fa, a), runsIn(fb, b)
	if !oc.within[ra] || !oc.within[rb] {
		return Reason{}, false
	}
	name := oc.contract[fa.Fn]
	if name == "" {
		name = oc.contract[fb.Fn]
	}
	if name == "" {
		name = "one-call-at-a-time interface"
	}
	what := fmt.Sprintf("runs within the methods of a %s, as the other does: its caller never calls them from two goroutines at once (the interface's documented contract)", name)
	return Reason{Pos: fa.Fn.Pos(), What: what}, true
}
