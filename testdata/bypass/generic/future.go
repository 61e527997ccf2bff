package generic

import (
	"context"
	"sync"
)

// Future resolves under its lock and tells its listeners through a
// helper that every caller runs with the lock held; Wait lets go of the
// lock while it waits and takes it again.
//
// It is safe for concurrent use.
type Future[V any] struct {
	ctx       context.Context
	mutex     sync.Mutex
	results   []V
	listeners []chan struct{}
}

func (f *Future[V]) Done() <-chan struct{} {
	f.mutex.Lock()
	defer f.mutex.Unlock()
	ch := make(chan struct{})
	f.listeners = append(f.listeners, ch)
	return ch
}

func (f *Future[V]) Cancel() {
	f.mutex.Lock()
	defer f.mutex.Unlock()
	f.notify()
}

func (f *Future[V]) Wait(n int) []V {
	f.mutex.Lock()
	defer f.mutex.Unlock()
	if r := f.result(n); r != nil {
		return r
	}
	ch := make(chan struct{})
	f.listeners = append(f.listeners, ch)
	f.mutex.Unlock()
	select {
	case <-ch:
	case <-f.ctx.Done():
	}
	f.mutex.Lock()
	return f.result(n)
}

func (f *Future[V]) resolve(v V) {
	f.mutex.Lock()
	defer f.mutex.Unlock()
	f.results = append(f.results, v)
	f.notify()
}

func (f *Future[V]) result(n int) []V {
	if len(f.results) >= n {
		return f.results[:n]
	}
	return nil
}

func (f *Future[V]) notify() {
	for i := 0; i < len(f.listeners); i++ {
		if len(f.results) > 0 {
			close(f.listeners[i])
			f.listeners = append(f.listeners[:i], f.listeners[i+1:]...)
			i--
		}
	}
}

// Resolver hands out resolve as a func value: it still locks.
func (f *Future[V]) Resolver() func(V) { return f.resolve }

// Peek reads without the lock.
func (f *Future[V]) Peek() int {
	return len(f.listeners) // want `latent: Peek reads f\.listeners without holding f\.mutex`
}
