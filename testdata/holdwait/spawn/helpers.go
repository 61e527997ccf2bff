package spawn

import "sync"

// T starts its goroutines through helpers.
type T struct {
	mu sync.Mutex
	n  int
}

func (t *T) spawn(done chan struct{}) {
	go func() {
		t.mu.Lock()
		t.n++
		t.mu.Unlock()
		close(done)
	}()
}

func (t *T) add(wg *sync.WaitGroup) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		t.mu.Lock()
		t.n++
		t.mu.Unlock()
	}()
}

func (t *T) addQuiet(wg *sync.WaitGroup) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		work()
	}()
}

func (t *T) answer(done chan struct{}) { close(done) }

func work() {}

// Stop holds t.mu while it waits for spawn's goroutine, which locks t.mu
// before it closes done.
func (t *T) Stop() {
	t.mu.Lock()
	defer t.mu.Unlock()
	done := make(chan struct{})
	t.spawn(done)
	<-done // want `certain: <-done waits for \(\*T\).spawn's goroutine holding t.mu, but \(\*T\).spawn's goroutine locks t.mu before it closes done: a certain deadlock`
}

// Flush holds t.mu while it waits for add's goroutine, which locks t.mu
// before its deferred Done.
func (t *T) Flush() {
	t.mu.Lock()
	defer t.mu.Unlock()
	var wg sync.WaitGroup
	t.add(&wg)
	wg.Wait() // want `certain: wg.Wait\(\) waits for \(\*T\).add's goroutine holding t.mu, but \(\*T\).add's goroutine locks t.mu before it calls wg.Done\(\)`
}

// Near misses.

func (t *T) StopReleased() {
	t.mu.Lock()
	done := make(chan struct{})
	t.spawn(done)
	t.mu.Unlock()
	<-done
}

func (t *T) FlushQuiet() {
	t.mu.Lock()
	defer t.mu.Unlock()
	var wg sync.WaitGroup
	t.addQuiet(&wg)
	wg.Wait()
}

func (t *T) Answered() {
	t.mu.Lock()
	defer t.mu.Unlock()
	done := make(chan struct{})
	t.answer(done) // the waiter's own goroutine closes it
	<-done
}

func (t *T) settle(done chan struct{}, pending bool) {
	if pending {
		t.mu.Lock()
		t.n++
		t.mu.Unlock()
	}
	close(done)
}

func (t *T) Settled(pending bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	done := make(chan struct{})
	t.settle(done, pending) // a re-lock on this goroutine (nestedacquire's), no other goroutine waited for
	<-done
}
