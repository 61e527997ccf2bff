// Package annotations: //gatevet: directives gatevet cannot use, beside
// near misses it can.
package annotations

import "sync"

// SpinLock is a lock type marked as a gate.
//
//gatevet:gate
type SpinLock struct{ state int32 }

func (l *SpinLock) Lock()   {}
func (l *SpinLock) Unlock() {}

// gpuMu is a package-level gate; counter is not a gate.
var (
	gpuMu   sync.Mutex
	counter int
)

// Queue's fields name their gates.
type Queue struct {
	mu    sync.Mutex
	lock  SpinLock
	n     int
	items []int //gatevet:guardedby mu
	spins []int //gatevet:guardedby lock // a trailing comment is not an argument
	jobs  []int //gatevet:guardedby gpuMu
	lost  []int //gatevet:guardedby nosuch // want `//gatevet:guardedby nosuch: not a gate among the fields of the same value or the package-level variables`
	plain []int //gatevet:guardedby n // want `//gatevet:guardedby n: not a gate`
	pair  []int //gatevet:guardedby mu lock // want `//gatevet:guardedby takes exactly one gate, such as s\.mu or gpuSem`
}

//gatevet:guardedby gpuMu
var results []int

//gatevet:guardedby counter // want `//gatevet:guardedby counter: not a gate`
var totals []int

// pushLocked must be called with q.mu held.
//
//gatevet:holds q.mu
func (q *Queue) pushLocked(x int) { q.items = append(q.items, x) }

//gatevet:holds q.nosuch // want `//gatevet:holds q\.nosuch: not a gate reachable from a parameter, the receiver or a package-level variable`
func (q *Queue) misspelled() {}

// walkMisspelled calls itself: the model analyses it twice (a call
// cycle), and its directive's problem is reported once.
//
//gatevet:holds q.nosuch // want `//gatevet:holds q\.nosuch: not a gate reachable from a parameter, the receiver or a package-level variable`
func (q *Queue) walkMisspelled(n int) {
	if n > 0 {
		q.walkMisspelled(n - 1)
	}
}

//gatevet:holds // want `//gatevet:holds takes exactly one gate`
func (q *Queue) bare() {}

// notify must not be called with q.mu held.
//
//gatevet:excludes q.mu
func (q *Queue) notify() {}

//gatevet:excludes q.nosuch // want `//gatevet:excludes q\.nosuch: not a gate reachable from a parameter, the receiver or a package-level variable`
func (q *Queue) notifyMisspelled() {}

//gatevet:excludes q.mu extra // want `//gatevet:excludes takes exactly one gate`
func (q *Queue) notifyTwo() {}

//gatevet:acquires q.nosuch // want `//gatevet:acquires q\.nosuch: not a gate reachable from a parameter, the receiver or a package-level variable`
func (q *Queue) lockMisspelled() {}

//gatevet:releases // want `//gatevet:releases takes exactly one gate`
func (q *Queue) unlockBare() {}

//gatevet:guardedby q.mu
func (q *Queue) drain() { q.items = nil }

//gatevet:guardedby q.nosuch // want `//gatevet:guardedby q\.nosuch: not a gate`
func (q *Queue) reset() { q.items = nil }

//gatevet:gate extra // want `//gatevet:gate takes no arguments`
type Token struct{}

//gatevet:bogus // want `unknown directive //gatevet:bogus \(want gate, guardedby, holds, excludes, acquires, releases, order or ignore\)`
var _ = 0

// gatevet:bogus is prose, not a directive: there is a space after //.
var _ = 1

func (q *Queue) Ignores() {
	//gatevet:ignore nestedacquire a well-formed ignore: only nestedacquire judges whether it suppresses anything
	q.mu.Lock()
	q.mu.Unlock()
	//gatevet:ignore lockorder the last analyzer registered is a name too
	q.lock.Lock()
	q.lock.Unlock()
	//gatevet:ignore nestedacquire // want `//gatevet:ignore nestedacquire needs a reason: say why the report is wrong here`
	q.mu.Lock()
	q.mu.Unlock()
	//gatevet:ignore nestedaquire misspelled // want `//gatevet:ignore names no gatevet analyzer "nestedaquire" \(want one of nestedacquire, bypass, .*, holdwait, contracts\)`
	q.mu.Lock()
	q.mu.Unlock()
	//gatevet:ignore nestedaquire // want `^//gatevet:ignore names no gatevet analyzer "nestedaquire"`
	q.mu.Lock()
	q.mu.Unlock()
	//gatevet:ignore directives its reports are fixed, not suppressed // want `names no gatevet analyzer "directives"`
	q.mu.Lock()
	q.mu.Unlock()
	//gatevet:ignore // want `//gatevet:ignore needs an analyzer name and a reason`
	q.n++
	//gatevet: // want `empty //gatevet: directive`
	q.n--
}

// Pair has two locks whose order is declared.
type Pair struct {
	a, b sync.Mutex
	n    int
}

//gatevet:order Pair.a < Pair.b

//gatevet:order Pair.b < Pair.a // want `//gatevet:order Pair\.b < Pair\.a: a cycle, Pair\.b is declared both before and after Pair\.a`

//gatevet:order Pair.a < Pair.nosuch // want `//gatevet:order: Pair\.nosuch names no field of Pair`

//gatevet:order Pair.a < Pair.n // want `//gatevet:order: Pair\.n is not a lock or semaphore`

//gatevet:order Pair.a < example.com/nowhere.T.mu // want `//gatevet:order: example\.com/nowhere\.T\.mu names a package that this one does not import \(example\.com/nowhere\)`

//gatevet:order Pair.a // want `//gatevet:order takes two or more lock classes separated by <`
