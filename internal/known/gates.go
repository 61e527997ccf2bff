// Package known is what gatevet knows of types it does not analyse: which
// types are gates (sync.Mutex, sync.RWMutex, semaphore.Weighted, any
// sync.Locker, a type marked //gatevet:gate) and what each of their
// methods does, which types synchronise themselves (sync, sync/atomic,
// channels, standard-library types documented as safe for concurrent
// use), and the context and time values that signal cancellation. It
// depends on go/types and go/ssa only; the gate model, its sub-models and
// the passes read it.
package known

import (
	"go/types"
)

// Kind is the kind of a gate.
type Kind uint8

// The gate kinds.
const (
	Mutex    Kind = iota + 1 // sync.Mutex
	RWMutex                  // sync.RWMutex
	Weighted                 // golang.org/x/sync/semaphore.Weighted
	ChanSem                  // a buffered channel used as a counting semaphore
	Locker                   // another sync.Locker, or a //gatevet:gate type
	Once                     // sync.Once, held by Do while its function runs
	Executor                 // a channel one goroutine takes work from and runs, one item at a time
	Claim                    // an atomic word a CompareAndSwap between constants claims
)

func (k Kind) String() string {
	switch k {
	case Mutex:
		return "sync.Mutex"
	case RWMutex:
		return "sync.RWMutex"
	case Weighted:
		return "semaphore.Weighted"
	case ChanSem:
		return "channel semaphore"
	case Locker:
		return "sync.Locker"
	case Once:
		return "sync.Once"
	case Executor:
		return "serial executor"
	case Claim:
		return "atomic claim"
	}
	return "gate"
}

// Counting reports whether the gate hands out several permits, so that
// acquiring it while held only blocks once the permits run out.
func (k Kind) Counting() bool { return k == Weighted || k == ChanSem }

// Mode is how a gate is held.
type Mode uint8

// The modes. Only RWMutex has a Shared mode.
const (
	Exclusive Mode = iota
	Shared
)

// Op is what an event does to a gate.
type Op uint8

// The operations.
const (
	Acquire Op = iota + 1
	Release
)

// A Method describes a gate method.
type Method struct {
	Op       Op
	Mode     Mode
	Blocking bool
	When     When // how a conditional acquire reports success
}

// When says on which branch a conditional acquire holds the gate.
type When uint8

// The branches of a conditional acquire.
const (
	Always  When = iota // not conditional
	IfTrue              // the bool result is true (TryLock)
	IfNil               // the error result is nil (Weighted.Acquire)
	IfIndex             // a select chose the acquiring case
)

const semaphorePkg = "golang.org/x/sync/semaphore"

var (
	mutexMethods = map[string]Method{
		"Lock":    {Op: Acquire, Blocking: true},
		"Unlock":  {Op: Release},
		"TryLock": {Op: Acquire, When: IfTrue},
	}
	rwMethods = map[string]Method{
		"Lock":     {Op: Acquire, Blocking: true},
		"Unlock":   {Op: Release},
		"TryLock":  {Op: Acquire, When: IfTrue},
		"RLock":    {Op: Acquire, Mode: Shared, Blocking: true},
		"RUnlock":  {Op: Release, Mode: Shared},
		"TryRLock": {Op: Acquire, Mode: Shared, When: IfTrue},
	}
	weightedMethods = map[string]Method{
		"Acquire":    {Op: Acquire, Blocking: true, When: IfNil},
		"TryAcquire": {Op: Acquire, When: IfTrue},
		"Release":    {Op: Release},
	}
)

// lockerMethods serve sync.Locker interfaces and //gatevet:gate types:
// the lock methods of RWMutex and the permit methods of Weighted.
var lockerMethods = func() map[string]Method {
	m := make(map[string]Method, len(rwMethods)+len(weightedMethods))
	for _, table := range []map[string]Method{rwMethods, weightedMethods} {
		for name, meth := range table {
			m[name] = meth
		}
	}
	return m
}()

// named returns the package path and name of t or *t's named type.
func named(t types.Type) (string, string) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return "", ""
	}
	return n.Obj().Pkg().Path(), n.Obj().Name()
}

// GateKind tells which kind of gate a value of type t (or *t) is; it is
// the one place that says which types are gates. Channels are gates only
// by use (the gate model's channel semaphores), so callers that see a channel decide that.
func GateKind(t types.Type, isGateType func(*types.TypeName) bool) (Kind, bool) {
	pkg, name := named(t)
	switch {
	case pkg == "sync" && name == "Mutex":
		return Mutex, true
	case pkg == "sync" && name == "RWMutex":
		return RWMutex, true
	case pkg == semaphorePkg && name == "Weighted":
		return Weighted, true
	case types.IsInterface(t) && implementsLocker(t):
		return Locker, true
	}
	n, _ := types.Unalias(PointerElem(t)).(*types.Named)
	if n != nil && isGateType(n.Origin().Obj()) {
		return Locker, true
	}
	return 0, false
}

// methodTables gives each kind's gate methods.
var methodTables = map[Kind]map[string]Method{
	Mutex:    mutexMethods,
	RWMutex:  rwMethods,
	Weighted: weightedMethods,
	Locker:   lockerMethods,
}

// MethodOf classifies a call of the method fn. It reports the gate kind
// and what the method does; ok is false for methods that are not gate
// operations.
func MethodOf(fn *types.Func, isGateType func(*types.TypeName) bool) (Kind, Method, bool) {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return 0, Method{}, false
	}
	kind, ok := GateKind(sig.Recv().Type(), isGateType)
	if !ok {
		return 0, Method{}, false
	}
	m, ok := methodTables[kind][fn.Name()]
	return kind, m, ok
}

// WrappedTry classifies fn as the try-acquire of a type that wraps a
// mutex: a method TryLock (or TryRLock) that takes nothing and reports
// a bool, of a struct type that is no gate itself but whose Lock (or
// RLock) is promoted from a sync.Mutex or sync.RWMutex it embeds by
// value (type mutex struct{ sync.Mutex }, whose TryLock was written,
// before Go had one, as a compare-and-swap on the mutex's state). It
// returns the embedded mutex's kind, the try-acquire, and the path of
// embedded fields to it. Its caller checks that the method's body works
// on that mutex: a TryLock of a busy flag of its own is no acquire.
func WrappedTry(fn *types.Func) (Kind, Method, []string, bool) {
	var lock string
	switch fn.Name() {
	case "TryLock":
		lock = "Lock"
	case "TryRLock":
		lock = "RLock"
	default:
		return 0, Method{}, nil, false
	}
	sig := fn.Signature()
	if sig.Recv() == nil || sig.Params().Len() != 0 || sig.Results().Len() != 1 ||
		!types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool]) {
		return 0, Method{}, nil, false
	}
	recv := sig.Recv().Type()
	if _, isGate := GateKind(recv, func(*types.TypeName) bool { return false }); isGate {
		return 0, Method{}, nil, false
	}
	obj, index, _ := types.LookupFieldOrMethod(recv, true, fn.Pkg(), lock)
	m, ok := obj.(*types.Func)
	if !ok || len(index) < 2 {
		return 0, Method{}, nil, false
	}
	kind, ok := GateKind(m.Signature().Recv().Type(), func(*types.TypeName) bool { return false })
	if !ok || kind != Mutex && kind != RWMutex {
		return 0, Method{}, nil, false
	}
	var path []string
	t := PointerElem(recv)
	for _, i := range index[:len(index)-1] {
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return 0, Method{}, nil, false
		}
		f := st.Field(i)
		if _, ptr := f.Type().Underlying().(*types.Pointer); ptr || !f.Embedded() {
			return 0, Method{}, nil, false
		}
		path = append(path, f.Name())
		t = f.Type()
	}
	meth, ok := methodTables[kind][fn.Name()]
	return kind, meth, path, ok
}

// lockerIface is sync.Locker's method set, built once.
var lockerIface = func() *types.Interface {
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	i := types.NewInterfaceType([]*types.Func{
		types.NewFunc(0, nil, "Lock", sig),
		types.NewFunc(0, nil, "Unlock", sig),
	}, nil)
	i.Complete()
	return i
}()

func implementsLocker(t types.Type) bool {
	return types.Implements(t, lockerIface)
}

// IsOnceDo reports whether fn is (*sync.Once).Do, which holds the Once
// while its function runs: the function calling Do on the same Once
// again blocks forever, and a lock it takes is ordered after the Once.
func IsOnceDo(fn *types.Func) bool {
	sig, _ := fn.Type().(*types.Signature)
	return fn.Name() == "Do" && sig != nil && sig.Recv() != nil && IsNamed(sig.Recv().Type(), "sync", "Once")
}
