// want package:`^\{package lib \S+ Locks: gates\(acquires g:example\.com/gatemodel/facts/lib\.Mu\); T\.Acquire: gates\(acquires p0/slots/\*, holds-if-nil p0/slots/\*\); T\.Begin: gates\(acquires p0/mu, holds-if-nil p0/mu\); T\.Checked: gates\(acquires p0/mu, holds p0/mu\); T\.Drop: gates\(releases p0/mu\); T\.Either: gates\(acquires p0/mu\); T\.End: gates\(releases p0/mu\); T\.Enter: gates\(acquires p0/slots/\*, holds p0/slots/\*\); T\.Get: gates\(acquires p0/mu if p2=false\); T\.Hold: gates\(acquires p0/mu, holds p0/mu\); T\.Locked: gates\(requires p0/mu\); T\.Notify: gates\(acquires p0/mu if p1==2\); T\.Put: gates\(acquires p0/mu if p2=false, releases p0/mu if p2=false\); T\.Read: gates\(acquires p0/mu\); T\.Relock: gates\(holds p0/mu\); T\.Remove: gates\(acquires p0/mu if p2=true, releases p0/mu if p2=true\); T\.Run: gates\(acquires p0/slots/\*, runs p1 under p0/slots/\*\); T\.Swapped: gates\(acquires p0/mu\); Use: gates\(acquires g:example\.com/gatemodel/facts/lib\.Sem/\*\); WithDevice: gates\(acquires g:example\.com/gatemodel/facts/lib\.Mu, runs p0 under g:example\.com/gatemodel/facts/lib\.Mu\)\}$`

// Package lib exports summaries as facts.
package lib

import (
	"context"
	"errors"
	"sync"

	"golang.org/x/sync/semaphore"
)

var Mu sync.Mutex

var errNoHooks = errors.New("no hooks")

var Sem = semaphore.NewWeighted(2)

type T struct {
	mu    sync.RWMutex
	slots chan struct{} // want slots:`chansem\(send acquires\)`
	hooks []func() error
}

// Begin takes t.mu through a hook the model cannot follow; its contract
// says what it does.
//
//gatevet:acquires t.mu
func (t *T) Begin() error { return t.hooks[0]() }

// End gives t.mu back through another.
//
//gatevet:releases t.mu
func (t *T) End() { t.hooks[1]() }

func Locks() {
	Mu.Lock()
	Mu.Unlock()
}

func (t *T) Read() {
	t.mu.RLock()
	defer t.mu.RUnlock()
}

func (t *T) Hold() {
	t.mu.Lock()
}

func (t *T) Drop() {
	t.mu.Unlock()
}

func Use(ctx context.Context) error {
	if err := Sem.Acquire(ctx, 1); err != nil {
		return err
	}
	defer Sem.Release(1)
	return nil
}

func (t *T) Enter() {
	t.slots <- struct{}{}
}

func (t *T) Run(f func()) {
	t.slots <- struct{}{}
	defer func() { <-t.slots }()
	f()
}

//gatevet:holds t.mu
func (t *T) Locked() {}

// Relock releases and reacquires: a caller holding t.mu keeps it, and
// does not block on it.
func (t *T) Relock() {
	t.mu.Unlock()
	t.mu.Lock()
}

func Pure(x int) int { return x + 1 }

// The hasLock idiom: the acquire depends on a bool parameter.
func (t *T) Get(k int, hasLock bool) int {
	if !hasLock {
		t.mu.RLock()
		defer t.mu.RUnlock()
	}
	return k
}

// A mode decides the acquire: only the final one locks.
func (t *T) Notify(status int) {
	if status == 2 {
		t.mu.Lock()
		t.mu.Unlock()
	}
}

// Lock and unlock both under the flag: a caller that holds t.mu keeps it.
func (t *T) Put(k int, hasLock bool) {
	if !hasLock {
		t.mu.Lock()
	}
	_ = k
	if !hasLock {
		t.mu.Unlock()
	}
}

// The flag reaches the lock through closures, as in nats-server's
// fileStore.removeMsg.
func (t *T) Remove(k int, needLock bool) {
	lock := func() {
		if needLock {
			t.mu.Lock()
		}
	}
	unlock := func() {
		if needLock {
			t.mu.Unlock()
		}
	}
	lock()
	_ = k
	unlock()
}

// An acquire helper that holds only when it returns nil.
func (t *T) Acquire(ctx context.Context) error {
	select {
	case t.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Two paths, one fact entry.
func (t *T) Either(a bool) {
	if a {
		t.Read()
	} else {
		t.mu.RLock()
		t.mu.RUnlock()
	}
}

// WithDevice runs f with the package's lock held.
func WithDevice(f func()) {
	Mu.Lock()
	defer Mu.Unlock()
	f()
}

// Swapped releases t.mu through a variable that only ever holds its
// release, in a deferred literal that calls it on every path: it leaves
// nothing held.
func (t *T) Swapped() {
	var unlock func()
	defer func() { unlock() }()
	t.mu.Lock()
	unlock = t.mu.Unlock
}

// Checked's deferred literal calls the release only when err is set:
// the model does not count it, and t.mu stays held as far as it knows.
func (t *T) Checked() (err error) {
	var unlock func()
	t.mu.Lock()
	unlock = t.mu.Unlock
	defer func() {
		if err != nil {
			unlock()
		}
	}()
	if len(t.hooks) == 0 {
		return errNoHooks
	}
	return nil
}
