package waits

import (
	"context"
	"time"
)

// WaitCtx registers an AfterFunc that wakes the waiters on cancellation.
func (q *Queue) WaitCtx(ctx context.Context) {
	stop := context.AfterFunc(ctx, func() { // want `^watcher: WaitCtx\$1$`
		q.mu.Lock()
		defer q.mu.Unlock()
		q.cond.Broadcast()
	})
	defer stop()
}

// MarkCtx registers an AfterFunc that wakes nobody: no watcher.
func (q *Queue) MarkCtx(ctx context.Context) {
	stop := context.AfterFunc(ctx, func() {
		q.mu.Lock()
		q.closed = true
		q.mu.Unlock()
	})
	defer stop()
}

// Watch starts a goroutine that wakes the waiters once ctx is done.
func (q *Queue) Watch(ctx context.Context) {
	go func() { // want `^watcher: Watch\$1$`
		<-ctx.Done()
		q.cond.Broadcast()
	}()
}

// WatchSelect wakes them in the select case that receives ctx.Done().
func (q *Queue) WatchSelect(ctx context.Context, stop <-chan struct{}) {
	go func() { // want `^watcher: WatchSelect\$1$`
		select {
		case <-ctx.Done():
			q.cond.Signal()
		case <-stop:
		}
	}()
}

// Tick wakes them on every tick and returns on cancellation: no
// cancellation watcher.
func (q *Queue) Tick(ctx context.Context) {
	go func() {
		t := time.NewTicker(time.Second)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				q.cond.Broadcast()
			}
		}
	}()
}
