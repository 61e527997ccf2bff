package contracts

import (
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
	if callee == nil {
		return true
	}
	class, ok := callee.Class(g)
	if !ok {
		return true
	}
	touched := make(map[string]bool)
	for _, u := range rs.Uses() {
		if u.Func == callee && u.Once == resource.NotOnce {
			touched[u.Res.Key] = true
		}
	}
	for _, u := range rs.Uses() {
		if !touched[u.Res.Key] {
			continue
		}
		for _, h := range u.Holdings {
			if c, ok := u.Func.Class(h.Gate); ok && c == class && !h.Contract {
				return true
			}
		}
	}
	return false
}
