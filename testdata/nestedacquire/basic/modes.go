package basic

import "sync"

// A status change notifies the listeners, under their lock, only when
// the status is final: the caller that holds that lock passes another
// status, and the notifier does not lock.
type Watch struct {
	mu        sync.Mutex
	status    int
	listeners []chan int
}

const (
	watchActive = iota
	watchDraining
	watchClosed
)

func (w *Watch) notify(status int) {
	if status == watchClosed {
		w.mu.Lock()
		for _, l := range w.listeners {
			close(l)
		}
		w.listeners = nil
		w.mu.Unlock()
	}
}

// Drain holds w.mu and notifies a draining status: notify does not
// lock.
func (w *Watch) Drain() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.status = watchDraining
	w.notify(watchDraining)
}

// CloseLocked holds w.mu and notifies the final status: notify locks
// w.mu again and blocks forever.
func (w *Watch) CloseLocked() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.status = watchClosed
	w.notify(watchClosed) // want `^certain: call to \(\*Watch\)\.notify acquires w\.mu`
}

// SetLocked passes on a status it was given: when it is the final one,
// notify locks w.mu again.
func (w *Watch) SetLocked(status int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.status = status
	w.notify(status) // want `^latent: call to \(\*Watch\)\.notify acquires w\.mu .*: when status is watchClosed, sync\.Mutex is not reentrant`
}

// A switch's cases are flags of their own: apply locks only for "put".
func (w *Watch) apply(op string) {
	switch op {
	case "put":
		w.mu.Lock()
		w.status = watchActive
		w.mu.Unlock()
	case "peek":
	}
}

// Peek holds w.mu and applies "peek": apply does not lock.
func (w *Watch) Peek() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.apply("peek")
}

// PutLocked holds w.mu and applies "put": apply locks w.mu again.
func (w *Watch) PutLocked() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.apply("put") // want `^certain: call to \(\*Watch\)\.apply acquires w\.mu`
}
