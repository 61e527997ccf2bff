// Package local takes its locks in orders the lock graph records as
// edges between gate classes: package-level variables and fields of named
// types, directly and through callees, with the gates held alongside.
package local

import "sync"

var (
	Accounts sync.Mutex
	Ledger   sync.Mutex
	Audit    sync.Mutex
)

// Post takes Ledger under Accounts: one edge between package-level
// classes.
func Post() {
	Accounts.Lock()
	defer Accounts.Unlock()
	Ledger.Lock() // want `^order: g:local\.Accounts < g:local\.Ledger also=\[\] via=\[\]$`
	Ledger.Unlock()
}

// Sequential lets go of Accounts before it takes Ledger: no edge.
func Sequential() {
	Accounts.Lock()
	Accounts.Unlock()
	Ledger.Lock()
	Ledger.Unlock()
}

// Close takes Ledger under Accounts, and Audit under both: an edge from
// each, with the other held alongside.
func Close() {
	Accounts.Lock()
	Ledger.Lock() // want `^order: g:local\.Accounts < g:local\.Ledger also=\[\] via=\[\]$`
	Audit.Lock()  // want `^order: g:local\.Accounts < g:local\.Audit also=\[g:local\.Ledger\] via=\[\]$` `^order: g:local\.Ledger < g:local\.Audit also=\[g:local\.Accounts\] via=\[\]$`
	Audit.Unlock()
	Ledger.Unlock()
	Accounts.Unlock()
}

type Store struct {
	mu sync.Mutex
}

type Region struct {
	mu sync.Mutex
	n  int
}

// Compact takes a Region's lock under the Store's through a callee: an
// edge between the two field classes, whatever the instances, at the
// call.
func (s *Store) Compact(r *Region) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r.shrink() // want `^order: local\.Store\.mu < local\.Region\.mu also=\[\] via=\[r\.mu\.Lock\]$`
}

func (r *Region) shrink() {
	r.mu.Lock()
	r.n--
	r.mu.Unlock()
}

// Merge locks two Regions: one class, no edge.
func (r *Region) Merge(o *Region) {
	r.mu.Lock()
	o.mu.Lock()
	r.n += o.n
	o.mu.Unlock()
	r.mu.Unlock()
}

// Peek only tries the Region's lock: no blocking acquire, no edge.
func (s *Store) Peek(r *Region) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.mu.TryLock() {
		defer r.mu.Unlock()
		return r.n
	}
	return 0
}

// Param locks a gate that is a parameter itself: it has no class, no
// edge.
func Param(mu *sync.Mutex) {
	Accounts.Lock()
	mu.Lock()
	mu.Unlock()
	Accounts.Unlock()
}

var (
	Config sync.RWMutex
	Cache  sync.RWMutex
)

// Read takes both read locks: a shared edge.
func Read() {
	Config.RLock()
	Cache.RLock() // want `^order: g:local\.Config\(r\) < g:local\.Cache\(r\) shared also=\[\] via=\[\]$`
	Cache.RUnlock()
	Config.RUnlock()
}

// Refresh writes Cache under Config's read lock: one side shared.
func Refresh() {
	Config.RLock()
	Cache.Lock() // want `^order: g:local\.Config\(r\) < g:local\.Cache also=\[\] via=\[\]$`
	Cache.Unlock()
	Config.RUnlock()
}

var (
	Outer sync.Mutex
	Left  sync.Mutex
	Right sync.Mutex
)

// Serial and Serial2 call serial with Outer held: every caller holds it,
// so it joins serial's edge as held alongside.
func Serial() {
	Outer.Lock()
	serial() // want `^order: g:local\.Outer < g:local\.Left also=\[\] via=\[Left\.Lock\]$` `^order: g:local\.Outer < g:local\.Right also=\[\] via=\[Right\.Lock\]$`
	Outer.Unlock()
}

func Serial2() {
	Outer.Lock()
	serial() // want `^order: g:local\.Outer < g:local\.Left also=\[\] via=\[Left\.Lock\]$` `^order: g:local\.Outer < g:local\.Right also=\[\] via=\[Right\.Lock\]$`
	Outer.Unlock()
}

func serial() {
	Left.Lock()
	Right.Lock() // want `^order: g:local\.Left < g:local\.Right also=\[g:local\.Outer\] via=\[\]$`
	Right.Unlock()
	Left.Unlock()
}

// Once and Twice call unserial, only Once with Outer held: nothing joins
// unserial's edge.
func Once() {
	Outer.Lock()
	unserial() // want `^order: g:local\.Outer < g:local\.Right also=\[\] via=\[Right\.Lock\]$` `^order: g:local\.Outer < g:local\.Left also=\[\] via=\[Left\.Lock\]$`
	Outer.Unlock()
}

func Twice() { unserial() }

func unserial() {
	Right.Lock()
	Left.Lock() // want `^order: g:local\.Right < g:local\.Left also=\[\] via=\[\]$`
	Left.Unlock()
	Right.Unlock()
}
