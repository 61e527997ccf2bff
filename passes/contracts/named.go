package contracts

import (
	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/cfg"
	"github.com/gatevet/gatevet/internal/concurrency"
	"github.com/gatevet/gatevet/internal/gate"
	"github.com/gatevet/gatevet/internal/naming"
	"github.com/gatevet/gatevet/internal/resource"
)

// guardsTouched reports whether the lock a name contract names (the
// Locked of expandDelegateURLLocked, which says "callers hold c.mu")
// guards something the callee touches: some use in the package, made
// holding a lock of the class (not only by a contract), touches a
// resource the callee touches too. A name is weak evidence: a method whose name ends in Locked but
// that touches none of what the lock is held for elsewhere (c.mu guards
// sessions; the method reads the connection's auth info) states no
// contract with that lock. Nor do the touches the method makes inside a
// sync.Once's Do: the Once orders them before every Do returns, so the
// method synchronises them itself (a resolveConfigLocked whose body is
// one Do). A callee of another package is not checked.
func guardsTouched(rs *resource.Result, callee *gate.FuncInfo, g naming.Ref) bool {
	uses, ok := guardedUses(rs, callee, g)
	return !ok || len(uses) > 0
}

// guardedUses returns the package's uses, outside the callee, that
// touch a resource callee touches (not inside a sync.Once's Do) holding
// a lock of g's class (not only by a contract); ok is false when callee
// or g's class is not known.
func guardedUses(rs *resource.Result, callee *gate.FuncInfo, g naming.Ref) (uses []resource.Use, ok bool) {
	if callee == nil {
		return nil, false
	}
	class, ok := callee.Class(g)
	if !ok {
		return nil, false
	}
	touched := make(map[string]bool)
	for _, u := range rs.Uses() {
		if u.Func == callee && u.Once == resource.NotOnce {
			touched[u.Res.Key] = true
		}
	}
	for _, u := range rs.Uses() {
		if !touched[u.Res.Key] || u.Func == callee {
			continue
		}
		for _, h := range u.Holdings {
			if c, ok := u.Func.Class(h.Gate); ok && c == class && !h.Contract {
				uses = append(uses, u)
				break
			}
		}
	}
	return uses, true
}

// guardedLater reports whether every use that guardedUses finds is made
// in a function that runs only after call in fi (concurrency's
// StartedAfter: a worker the caller starts once the call is done), and
// there is at least one: the contract's lock keeps the callee's work
// apart from those uses, and the code's order already does.
func guardedLater(rs *resource.Result, conc *concurrency.Result, fi *gate.FuncInfo, call ssa.CallInstruction, callee *gate.FuncInfo, g naming.Ref) bool {
	uses, ok := guardedUses(rs, callee, g)
	if !ok || len(uses) == 0 {
		return false
	}
	for _, u := range uses {
		switch {
		case u.Func == fi && u.Started && cfg.Dominates(call, u.Instr):
			// On a goroutine fi starts after the call.
		case u.Func == fi || !conc.StartedAfter(fi, call, u.Func):
			return false
		}
	}
	return true
}
