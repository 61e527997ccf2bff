package known_test

import (
	"go/types"
	"testing"

	"github.com/gatevet/gatevet/internal/known"
)

const gatesSrc = `package p

import (
	"context"
	"sync"

	"golang.org/x/sync/semaphore"
)

type MyMutex sync.Mutex // a defined type drops sync.Mutex's methods

type Alias = sync.Mutex

type Embeds struct{ sync.Mutex }

type Locker interface {
	Lock()
	Unlock()
	Flush()
}

type HalfLocker interface{ Lock() }

// Gate is marked a gate (the test's isGateType says so for Gate and
// Generic); Unmarked has the same methods and is not one.
type Gate struct{}

func (*Gate) Lock()                                      {}
func (*Gate) Unlock()                                    {}
func (*Gate) Acquire(ctx context.Context, n int64) error { return nil }
func (*Gate) Flush()                                     {}

type Unmarked struct{}

func (*Unmarked) Lock()   {}
func (*Unmarked) Unlock() {}

type Generic[T any] struct{}

func (*Generic[T]) Lock()   {}
func (*Generic[T]) Unlock() {}

type Once struct{}

func (*Once) Do(f func()) { f() }

func Lock() {}

var (
	_ *semaphore.Weighted
	_ sync.Locker
)
`

// marked is the test's //gatevet:gate: Gate and Generic.
func marked(tn *types.TypeName) bool {
	return tn.Pkg() != nil && tn.Pkg().Path() == "p" && (tn.Name() == "Gate" || tn.Name() == "Generic")
}

func TestGateKind(t *testing.T) {
	p := build(t, gatesSrc)
	for _, tc := range []struct {
		expr string
		kind known.Kind // 0: not a gate
	}{
		{"sync.Mutex", known.Mutex},
		{"*sync.Mutex", known.Mutex},
		{"Alias", known.Mutex},
		{"*sync.RWMutex", known.RWMutex},
		{"*semaphore.Weighted", known.Weighted},
		{"sync.Locker", known.Locker},
		{"Locker", known.Locker},
		{"*Gate", known.Locker},
		{"Gate", known.Locker},
		{"*Generic[int]", known.Locker},
		{"MyMutex", 0},
		{"Embeds", 0},
		{"HalfLocker", 0},
		{"*Unmarked", 0},
		{"sync.Once", 0},
		{"*sync.Cond", 0},
		{"*sync.WaitGroup", 0},
		{"chan struct{}", 0},
		{"int", 0},
	} {
		kind, ok := known.GateKind(p.typeOf(t, tc.expr), marked)
		if ok != (tc.kind != 0) || kind != tc.kind {
			t.Errorf("GateKind(%s) = %v, %v; want %v, %v", tc.expr, kind, ok, tc.kind, tc.kind != 0)
		}
	}
}

func TestMethodOf(t *testing.T) {
	p := build(t, gatesSrc)
	acquire := known.Method{Op: known.Acquire, Blocking: true}
	release := known.Method{Op: known.Release}
	try := known.Method{Op: known.Acquire, When: known.IfTrue}
	for _, tc := range []struct {
		expr, name string
		kind       known.Kind
		m          known.Method
		ok         bool
	}{
		{"*sync.Mutex", "Lock", known.Mutex, acquire, true},
		{"*sync.Mutex", "Unlock", known.Mutex, release, true},
		{"*sync.Mutex", "TryLock", known.Mutex, try, true},
		{"*sync.RWMutex", "Lock", known.RWMutex, acquire, true},
		{"*sync.RWMutex", "RLock", known.RWMutex, known.Method{Op: known.Acquire, Mode: known.Shared, Blocking: true}, true},
		{"*sync.RWMutex", "RUnlock", known.RWMutex, known.Method{Op: known.Release, Mode: known.Shared}, true},
		{"*sync.RWMutex", "TryRLock", known.RWMutex, known.Method{Op: known.Acquire, Mode: known.Shared, When: known.IfTrue}, true},
		{"*semaphore.Weighted", "Acquire", known.Weighted, known.Method{Op: known.Acquire, Blocking: true, When: known.IfNil}, true},
		{"*semaphore.Weighted", "TryAcquire", known.Weighted, try, true},
		{"*semaphore.Weighted", "Release", known.Weighted, release, true},
		{"sync.Locker", "Lock", known.Locker, acquire, true},
		{"sync.Locker", "Unlock", known.Locker, release, true},
		{"*Gate", "Acquire", known.Locker, known.Method{Op: known.Acquire, Blocking: true, When: known.IfNil}, true},
		{"*Generic[int]", "Lock", known.Locker, acquire, true},
		{"Embeds", "Lock", known.Mutex, acquire, true}, // promoted: the embedded mutex's
		// Near misses: a gate's other methods, the same names elsewhere.
		{"Locker", "Flush", known.Locker, known.Method{}, false},
		{"*Gate", "Flush", known.Locker, known.Method{}, false},
		{"*sync.RWMutex", "RLocker", known.RWMutex, known.Method{}, false},
		{"*Unmarked", "Lock", 0, known.Method{}, false},
		{"*sync.Once", "Do", 0, known.Method{}, false},
	} {
		kind, m, ok := known.MethodOf(p.method(t, tc.expr, tc.name), marked)
		if kind != tc.kind || m != tc.m || ok != tc.ok {
			t.Errorf("MethodOf((%s).%s) = %v, %+v, %v; want %v, %+v, %v", tc.expr, tc.name, kind, m, ok, tc.kind, tc.m, tc.ok)
		}
	}
	if _, _, ok := known.MethodOf(p.pkg.Scope().Lookup("Lock").(*types.Func), marked); ok {
		t.Error("MethodOf(p.Lock), a function, is a gate method")
	}
}

func TestIsOnceDo(t *testing.T) {
	p := build(t, gatesSrc)
	if !known.IsOnceDo(p.method(t, "*sync.Once", "Do")) {
		t.Error("(*sync.Once).Do is not Once.Do")
	}
	if known.IsOnceDo(p.method(t, "*Once", "Do")) {
		t.Error("(*p.Once).Do is Once.Do")
	}
}

func TestKind(t *testing.T) {
	for k, want := range map[known.Kind]struct {
		name     string
		counting bool
	}{
		known.Mutex:    {"sync.Mutex", false},
		known.RWMutex:  {"sync.RWMutex", false},
		known.Weighted: {"semaphore.Weighted", true},
		known.ChanSem:  {"channel semaphore", true},
		known.Locker:   {"sync.Locker", false},
		known.Once:     {"sync.Once", false},
		0:              {"gate", false},
	} {
		if k.String() != want.name || k.Counting() != want.counting {
			t.Errorf("Kind %d: %q, counting %v; want %q, %v", k, k.String(), k.Counting(), want.name, want.counting)
		}
	}
}
