package gate

import (
	"go/types"

	"github.com/gatevet/gatevet/internal/naming"
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

// method describes a gate method.
type method struct {
	op       Op
	mode     Mode
	blocking bool
	cond     cond // how a conditional acquire reports success
}

// cond says on which branch a conditional acquire holds the gate.
type cond uint8

const (
	always  cond = iota // not conditional
	ifTrue              // the bool result is true (TryLock)
	ifNil               // the error result is nil (Weighted.Acquire)
	ifIndex             // a select chose the acquiring case
)

const semaphorePkg = "golang.org/x/sync/semaphore"

var (
	mutexMethods = map[string]method{
		"Lock":    {op: Acquire, blocking: true},
		"Unlock":  {op: Release},
		"TryLock": {op: Acquire, cond: ifTrue},
	}
	rwMethods = map[string]method{
		"Lock":     {op: Acquire, blocking: true},
		"Unlock":   {op: Release},
		"TryLock":  {op: Acquire, cond: ifTrue},
		"RLock":    {op: Acquire, mode: Shared, blocking: true},
		"RUnlock":  {op: Release, mode: Shared},
		"TryRLock": {op: Acquire, mode: Shared, cond: ifTrue},
	}
	weightedMethods = map[string]method{
		"Acquire":    {op: Acquire, blocking: true, cond: ifNil},
		"TryAcquire": {op: Acquire, cond: ifTrue},
		"Release":    {op: Release},
	}
)

// lockerMethods serve sync.Locker interfaces and //gatevet:gate types:
// the lock methods of RWMutex and the permit methods of Weighted.
var lockerMethods = func() map[string]method {
	m := make(map[string]method, len(rwMethods)+len(weightedMethods))
	for _, table := range []map[string]method{rwMethods, weightedMethods} {
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

// gateKind tells which kind of gate a value of type t (or *t) is; it is
// the one place that says which types are gates. Channels are gates only
// by use (see chansem.go), so callers that see a channel decide that.
func gateKind(t types.Type, isGateType func(*types.TypeName) bool) (Kind, bool) {
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
	n, _ := types.Unalias(naming.PointerElem(t)).(*types.Named)
	if n != nil && isGateType(n.Origin().Obj()) {
		return Locker, true
	}
	return 0, false
}

// methodTables gives each kind's gate methods.
var methodTables = map[Kind]map[string]method{
	Mutex:    mutexMethods,
	RWMutex:  rwMethods,
	Weighted: weightedMethods,
	Locker:   lockerMethods,
}

// methodOf classifies a call of the method fn. It reports the gate kind
// and what the method does; ok is false for methods that are not gate
// operations.
func methodOf(fn *types.Func, isGateType func(*types.TypeName) bool) (Kind, method, bool) {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return 0, method{}, false
	}
	kind, ok := gateKind(sig.Recv().Type(), isGateType)
	if !ok {
		return 0, method{}, false
	}
	m, ok := methodTables[kind][fn.Name()]
	return kind, m, ok
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
