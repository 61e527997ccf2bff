package basic

import "sync"

// Queue is protected by its own lock type, marked as a gate.
//
//gatevet:gate
type SpinLock struct{ state int32 }

func (l *SpinLock) Lock()   {}
func (l *SpinLock) Unlock() {}

type Queue struct {
	lock  SpinLock
	mu    sync.Mutex
	items []int
}

// Push locks q.lock twice on its one path: the annotated spin lock is
// not reentrant and the second Lock spins forever.
func (q *Queue) Push(x int) {
	q.lock.Lock()
	defer q.lock.Unlock()
	q.lock.Lock() // want `q\.lock\.Lock while q\.lock is already held`
	q.items = append(q.items, x)
}

// pushLocked must be called with q.mu held.
//
//gatevet:holds q.mu
func (q *Queue) pushLocked(x int) {
	q.items = append(q.items, x)
}

// badLocked's callers hold q.mu by its contract, so its Lock waits
// forever for the caller's Unlock.
//
//gatevet:holds q.mu
func (q *Queue) badLocked(x int) {
	q.mu.Lock() // want `q\.mu\.Lock while q\.mu is already held on this path \(callers hold it by the //gatevet:holds q\.mu contract at annotations\.go:38\)`
	q.items = append(q.items, x)
	q.mu.Unlock()
}

func (q *Queue) PushAll(xs []int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for _, x := range xs {
		q.pushLocked(x)
	}
}

func (q *Queue) Ignored() {
	q.mu.Lock()
	defer q.mu.Unlock()
	//gatevet:ignore nestedacquire the test harness re-enters on purpose
	q.mu.Lock()
}

func (q *Queue) IgnoredSameLine() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.mu.Lock() //gatevet:ignore nestedacquire the test harness re-enters on purpose
}

//gatevet:ignore nestedacquire nothing to suppress here // want `//gatevet:ignore nestedacquire \(nothing to suppress here\) suppresses nothing`
func (q *Queue) Len() int { return len(q.items) }

// NoReason: an ignore without a reason suppresses nothing, and is the
// directives analyzer's to report, not this pass's: the second q.mu.Lock
// blocks on the lock this path holds.
func (q *Queue) NoReason() {
	q.mu.Lock()
	defer q.mu.Unlock()
	//gatevet:ignore nestedacquire
	q.mu.Lock() // want `q\.mu\.Lock while q\.mu is already held`
}
