package fields

import "sync"

// A feed tells its listeners only of its final status, under its lock's
// callers' care: Pause passes a status for which notify leaves the
// listeners alone, so it uses none of them; Abort passes the final one
// and closes them without the lock.
//
// It is safe for concurrent use.
type Feed struct {
	mu        sync.Mutex
	listeners []chan int
}

const (
	feedActive = iota
	feedPaused
	feedClosed
)

func (f *Feed) notify(status int) {
	if status == feedClosed {
		for _, l := range f.listeners {
			close(l)
		}
		f.listeners = nil
	}
}

func (f *Feed) Watch() chan int {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := make(chan int)
	f.listeners = append(f.listeners, c)
	return c
}

func (f *Feed) Count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.listeners)
}

func (f *Feed) Reset() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.listeners = nil
}

func (f *Feed) Finish() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.notify(feedClosed)
}

func (f *Feed) Pause() { f.notify(feedPaused) }

func (f *Feed) Abort() { f.notify(feedClosed) } // want `latent: Abort writes f.listeners through \(\*Feed\).notify → f.listeners without holding f.mu, which guards it in `
