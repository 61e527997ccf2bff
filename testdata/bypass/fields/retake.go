package fields

import "sync"

// A cache item whose Rename cancels a download in flight: the helper lets
// go of the item's lock only while it waits for the downloader, and takes
// it again before it returns, so Rename's write after it holds the lock.
// Not reported. Touch's helper forgets to take the lock again after the
// wait: the write after it is unguarded.
//
// Item is safe for concurrent use.
type Item struct {
	mu     sync.Mutex
	name   string
	atime  int
	cancel func()
	done   chan struct{}
}

func (it *Item) cancelDownload() {
	if it.cancel != nil {
		it.cancel()
		it.mu.Unlock()
		<-it.done
		it.mu.Lock()
	}
}

func (it *Item) Rename(name string) {
	it.mu.Lock()
	defer it.mu.Unlock()
	it.cancelDownload()
	it.name = name
}

// ensure lets go of the lock while it fetches, unless there is nothing
// to fetch, and takes it back as it returns, in a deferred call.
func (it *Item) ensure(n int) error {
	if n <= 0 {
		return nil
	}
	it.mu.Unlock()
	defer it.mu.Lock()
	if n > 10 {
		return nil
	}
	<-it.done
	return nil
}

// Fetch renames the item after ensure: it holds the lock again.
func (it *Item) Fetch(n int, name string) error {
	it.mu.Lock()
	defer it.mu.Unlock()
	if err := it.ensure(n); err != nil {
		return err
	}
	it.name = name
	return nil
}

func (it *Item) Name() string {
	it.mu.Lock()
	defer it.mu.Unlock()
	return it.name
}

func (it *Item) SetName(name string) {
	it.mu.Lock()
	defer it.mu.Unlock()
	it.name = name
}

// waitDownload forgets to take the lock again after the wait.
func (it *Item) waitDownload() {
	if it.cancel != nil {
		it.mu.Unlock()
		<-it.done
	}
}

func (it *Item) Touch() {
	it.mu.Lock()
	defer it.mu.Unlock()
	it.waitDownload()
	it.atime++ // want `latent: Touch writes it\.atime without holding it\.mu`
}

func (it *Item) ATime() int {
	it.mu.Lock()
	defer it.mu.Unlock()
	return it.atime
}

func (it *Item) ResetATime() {
	it.mu.Lock()
	defer it.mu.Unlock()
	it.atime = 0
}
