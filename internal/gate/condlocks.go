package gate

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/gatevet/gatevet/internal/known"
	"github.com/gatevet/gatevet/internal/naming"
)

// A Cond's lock is the lock it was made on. An object that keeps a
// *sync.Cond in a field, which every store of the package sets to
// sync.NewCond of one of the object's own locks, locks that lock through
// the Cond's L:
//
//	q.cond = sync.NewCond(&q.mu)     // q.cond.L.Lock() is q.mu.Lock()
//	e.cond = sync.NewCond(e.cfgMu.RLocker())
//	                                 // e.cond.L.Lock() is e.cfgMu.RLock()
//
// so that a helper the holder calls, locking q.mu, or read-locking
// e.cfgMu again while a writer waits, meets the same gate. A Cond field
// stored anything else, made on a lock deeper in the object (&q.inner.mu,
// a promoted mutex), or copied with its struct (*q2 = *q) keeps its L a
// Locker of its own.

// A condLock is what the L of the Conds a field holds locks: the lock at
// path from the object that holds the field, read-locked through
// RLocker when shared.
type condLock struct {
	path   []string
	lock   types.Type // the lock's type: sync.Mutex or sync.RWMutex
	shared bool
	ok     bool
}

// condLockCall resolves a Lock or Unlock of a Cond's L kept in a field
// (see above): the object that holds the field, the path to the lock,
// and the lock's own method that the call runs.
func (m *model) condLockCall(c *ssa.CallCommon) (*types.Func, ssa.Value, []string, bool) {
	if !c.IsInvoke() || c.Method.Name() != "Lock" && c.Method.Name() != "Unlock" {
		return nil, nil, nil, false
	}
	l, ok := fieldLoad(c.Value)
	if !ok || !condL(naming.FieldOf(l)) {
		return nil, nil, nil, false
	}
	f, ok := fieldLoad(l.X)
	if !ok {
		return nil, nil, nil, false
	}
	field := naming.FieldOf(f)
	cl, done := m.condLocks[field]
	if !done {
		cl = m.findCondLock(field)
		m.condLocks[field] = cl
	}
	if !cl.ok {
		return nil, nil, nil, false
	}
	name := c.Method.Name()
	if cl.shared {
		name = "R" + name
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(cl.lock), false, nil, name)
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil, nil, nil, false
	}
	return fn, f.X, cl.path, true
}

// condL reports whether f is sync.Cond's L.
func condL(f *types.Var) bool {
	return f != nil && f.Name() == "L" && f.Pkg() != nil && f.Pkg().Path() == "sync"
}

// findCondLock reads the package's stores into Cond field f.
func (m *model) findCondLock(f *types.Var) condLock {
	var cl condLock
	ok := m.storesInto(f, func(fn *ssa.Function, fa *ssa.FieldAddr, st *ssa.Store) bool {
		got, ok := m.madeOn(fn, fa.X, st.Val)
		if !ok || cl.ok && (!types.Identical(got.lock, cl.lock) || got.shared != cl.shared || !slices.Equal(got.path, cl.path)) {
			return false
		}
		cl = got
		return true
	})
	if !ok {
		return condLock{}
	}
	return cl
}

// madeOn returns the lock of base that v, a Cond stored into a field of
// base in fn, was made on: sync.NewCond(&base.mu) or
// sync.NewCond(base.mu.RLocker()).
func (m *model) madeOn(fn *ssa.Function, base, v ssa.Value) (condLock, bool) {
	call, ok := v.(*ssa.Call)
	if !ok {
		return condLock{}, false
	}
	if f := call.Call.StaticCallee(); f == nil || f.Name() != "NewCond" || known.PkgPath(f) != "sync" || len(call.Call.Args) != 1 {
		return condLock{}, false
	}
	arg := naming.Unconverted(call.Call.Args[0])
	shared := false
	if rl, ok := arg.(*ssa.Call); ok {
		f := rl.Call.StaticCallee()
		if f == nil || f.Name() != "RLocker" || known.PkgPath(f) != "sync" || len(rl.Call.Args) != 1 {
			return condLock{}, false
		}
		arg, shared = rl.Call.Args[0], true
	}
	ptr, ok := arg.Type().Underlying().(*types.Pointer)
	if !ok {
		return condLock{}, false
	}
	if kind, ok := known.GateKind(ptr.Elem(), m.isGateType); !ok || kind != known.Mutex && kind != known.RWMutex {
		return condLock{}, false
	}
	refs := m.namer(fn)
	lock, okLock := refs.Of(arg)
	owner, okOwner := refs.Of(base)
	// Only a lock that is a field of the object itself: the Cond's own
	// Wait lets go of it, and the passes that follow a Wait know the
	// lock by that one field (holdwait's condLock).
	if !okLock || !okOwner || !extends(lock, owner) || len(lock.Path) != len(owner.Path)+1 {
		return condLock{}, false
	}
	return condLock{path: lock.Path[len(owner.Path):], lock: ptr.Elem(), shared: shared, ok: true}, true
}
