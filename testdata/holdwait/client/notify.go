package client

import "sync"

// A worker that notifies its driver on a channel holding its lock; the
// driver, which built the worker as a literal with that channel, takes
// the same lock (in expect) before it receives. The channel is the
// worker's field, beside its lock, also where the driver built it: if
// the driver is between its turns of the lock when the worker sends,
// neither moves again.
type notifier struct {
	mu     sync.Mutex
	want   int
	n      int
	notify chan bool
	quit   bool
}

func (w *notifier) run() {
	for !w.quit {
		w.n++
		w.mu.Lock()
		if w.want != 0 && w.n >= w.want {
			w.notify <- true // want `latent: w\.notify <- … waits for Drive holding w\.mu, but Drive locks w\.mu, and lets go of it, before it receives from w\.notify`
			w.want = 0
		}
		w.mu.Unlock()
	}
}

func (w *notifier) expect(n int) {
	w.mu.Lock()
	w.want = w.n + n
	w.mu.Unlock()
}

// Drive starts a worker and waits for its first notification.
func Drive() {
	w := &notifier{notify: make(chan bool)}
	go w.run()
	w.expect(2)
	<-w.notify
	w.quit = true
}
