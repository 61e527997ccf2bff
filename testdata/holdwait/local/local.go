// Package local: waits for goroutines the function itself started.
package local

import (
	"context"
	"sync"

	"golang.org/x/sync/errgroup"
)

var mu, other sync.Mutex
var rw sync.RWMutex

func work() {}

// Worker waits on done holding mu; the goroutine locks mu before it
// sends, so both wait forever.
func Worker() {
	mu.Lock()
	defer mu.Unlock()
	done := make(chan struct{})
	go func() {
		mu.Lock()
		work()
		mu.Unlock()
		done <- struct{}{}
	}()
	<-done // want `<-done waits for the goroutine started on line 22 holding mu, but the goroutine started on line 22 locks mu before it sends on done: a certain deadlock`
}

// Group waits for the readers holding rw's write lock; each reader read-
// locks rw before Done, so Wait never returns.
func Group() {
	rw.Lock()
	defer rw.Unlock()
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rw.RLock()
			defer rw.RUnlock()
			work()
		}()
	}
	wg.Wait() // want `wg\.Wait\(\) waits for the goroutine started on line 39 holding rw, but the goroutine started on line 39 read-locks rw before it calls wg\.Done\(\): a certain deadlock`
}

// GroupGo waits for the group holding mu; the group's function locks mu
// before it returns, so Wait never returns.
func GroupGo() {
	mu.Lock()
	defer mu.Unlock()
	var wg sync.WaitGroup
	wg.Go(func() {
		mu.Lock()
		defer mu.Unlock()
	})
	wg.Wait() // want `wg\.Wait\(\) waits for the goroutine started on line 55 holding mu, but the goroutine started on line 55 locks mu before it returns: a certain deadlock`
}

// ErrGroup waits for the group holding mu; the group's function locks mu
// before it returns, so Wait never returns.
func ErrGroup(ctx context.Context) error {
	mu.Lock()
	defer mu.Unlock()
	var g errgroup.Group
	g.Go(func() error {
		mu.Lock()
		defer mu.Unlock()
		return ctx.Err()
	})
	return g.Wait() // want `g\.Wait\(\) waits for the goroutine started on line 68 holding mu, but the goroutine started on line 68 locks mu before it returns: a certain deadlock`
}

// WithContext waits for a group made by errgroup.WithContext, whose
// first result names the group. The goroutine locks mu, which
// WithContext holds, before it returns.
func WithContext(ctx context.Context) error {
	mu.Lock()
	defer mu.Unlock()
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		mu.Lock()
		defer mu.Unlock()
		return gctx.Err()
	})
	return g.Wait() // want `g\.Wait\(\) waits for the goroutine started on line \d+ holding mu`
}

// Generic does the same in a generic function: the goroutine locks mu,
// which Generic holds, before it sends.
func Generic[T any](v T) T {
	mu.Lock()
	defer mu.Unlock()
	done := make(chan T)
	go func() {
		mu.Lock()
		mu.Unlock()
		done <- v
	}()
	return <-done // want `<-done waits for the goroutine started on line \d+ holding mu, but the goroutine started on line \d+ locks mu before it sends on done: a certain deadlock`
}

func ReleasedFirst() {
	mu.Lock()
	done := make(chan struct{})
	go func() {
		mu.Lock()
		mu.Unlock()
		close(done)
	}()
	mu.Unlock()
	<-done
}

func NeverLocks() {
	mu.Lock()
	defer mu.Unlock()
	done := make(chan struct{})
	go func() {
		work()
		close(done)
	}()
	<-done
}

func TryLocks() {
	mu.Lock()
	defer mu.Unlock()
	done := make(chan struct{})
	go func() {
		if mu.TryLock() {
			mu.Unlock()
		}
		close(done)
	}()
	<-done
}

func SendFirst() {
	mu.Lock()
	defer mu.Unlock()
	done := make(chan struct{})
	go func() {
		done <- struct{}{}
		mu.Lock()
		mu.Unlock()
	}()
	<-done
}

func SomePaths(x bool) {
	mu.Lock()
	defer mu.Unlock()
	done := make(chan struct{})
	go func() {
		if x {
			mu.Lock()
			mu.Unlock()
		}
		close(done)
	}()
	<-done // want `latent: <-done waits for the goroutine started on line \d+ holding mu, and the goroutine started on line \d+ locks mu on some paths before it closes done`
}

func Buffered() {
	mu.Lock()
	defer mu.Unlock()
	done := make(chan struct{}, 1)
	go func() {
		mu.Lock()
		mu.Unlock()
		done <- struct{}{}
	}()
	<-done
}

// HandedOver: the goroutine takes the lock over and releases it.
func HandedOver() {
	mu.Lock()
	done := make(chan struct{})
	go func() {
		defer mu.Unlock()
		work()
		close(done)
	}()
	<-done
}

func OtherGate() {
	mu.Lock()
	defer mu.Unlock()
	done := make(chan struct{})
	go func() {
		other.Lock()
		other.Unlock()
		close(done)
	}()
	<-done
}

func StartedAfter() {
	mu.Lock()
	defer mu.Unlock()
	done := make(chan struct{})
	<-done
	go func() {
		mu.Lock()
		mu.Unlock()
		close(done)
	}()
}

// AnotherSender: a second goroutine sends without the lock.
func AnotherSender() {
	mu.Lock()
	defer mu.Unlock()
	done := make(chan struct{})
	go func() {
		mu.Lock()
		mu.Unlock()
		done <- struct{}{}
	}()
	go func() { done <- struct{}{} }()
	<-done
}

// Escapes: the channel goes to a helper, which may send.
func Escapes(send func(chan struct{})) {
	mu.Lock()
	defer mu.Unlock()
	done := make(chan struct{})
	go func() {
		mu.Lock()
		mu.Unlock()
		close(done)
	}()
	send(done)
	<-done
}

func ReadRead() {
	rw.RLock()
	defer rw.RUnlock()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		rw.RLock()
		rw.RUnlock()
	}()
	wg.Wait()
}

func DoneFirst() {
	mu.Lock()
	defer mu.Unlock()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		wg.Done()
		mu.Lock()
		mu.Unlock()
	}()
	wg.Wait()
}

func closer(done chan struct{}) { close(done) }

// PassedOn: the second goroutine hands the channel to a helper, which
// closes it without the lock.
func PassedOn() {
	mu.Lock()
	defer mu.Unlock()
	done := make(chan struct{})
	go func() {
		mu.Lock()
		mu.Unlock()
		done <- struct{}{}
	}()
	go func() { closer(done) }()
	<-done
}

// NoAdd: the WaitGroup never counts the goroutine, so Wait need not wait.
func NoAdd() {
	mu.Lock()
	defer mu.Unlock()
	var wg sync.WaitGroup
	go func() {
		defer wg.Done()
		mu.Lock()
		mu.Unlock()
	}()
	wg.Wait()
}
