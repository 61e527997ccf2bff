package store

import "sync"

// A discovery that callers share: the caller that finds none running
// hands its lock to run, which marks one running, lets go of the lock
// for the slow part and, in a deferred func, takes it again only to
// record the result and wake the waiters, and lets go of it again. run
// leaves the lock released, so Discover's return through it keeps
// nothing: no report.
type Discovery struct {
	mu      sync.Mutex
	cond    *sync.Cond
	running bool
	err     error
	fetch   func() error
}

// Discover runs a discovery, or waits for the one running.
func (d *Discovery) Discover() error {
	d.mu.Lock()
	if d.running {
		for d.running {
			d.cond.Wait()
		}
		err := d.err
		d.mu.Unlock()
		return err
	}
	// The lock is held: run takes it over and releases it.
	return d.run()
}

func (d *Discovery) run() error {
	d.running = true
	d.mu.Unlock()
	var err error
	defer func() {
		d.mu.Lock()
		d.running = false
		d.err = err
		d.cond.Broadcast()
		d.mu.Unlock()
	}()
	err = d.fetch()
	return err
}

// Rediscover's helper forgets the deferred release: it takes the lock
// back and returns with it held, so the return through it keeps the
// lock that the waiting path releases.
func (d *Discovery) Rediscover() error {
	d.mu.Lock()
	if d.running {
		d.mu.Unlock()
		return nil
	}
	return d.rerun() // want `certain: this return keeps d\.mu \(sync\.Mutex\) held`
}

func (d *Discovery) rerun() error {
	d.running = true
	d.mu.Unlock()
	var err error
	defer func() {
		d.mu.Lock()
		d.running = false
		d.err = err
	}()
	err = d.fetch()
	return err
}

// Refresh's helper defers the release first and the record, which takes
// the lock and keeps it, after it: the record runs first, the release
// last, and the lock ends released. No report.
func (d *Discovery) Refresh() error {
	d.mu.Lock()
	if d.running {
		d.mu.Unlock()
		return nil
	}
	return d.refresh()
}

func (d *Discovery) refresh() error {
	d.running = true
	d.mu.Unlock()
	var err error
	defer d.mu.Unlock()
	defer d.record(&err)
	err = d.fetch()
	return err
}

// record takes the lock and keeps it: its caller's deferred Unlock gives
// it back.
func (d *Discovery) record(err *error) {
	d.mu.Lock()
	d.running = false
	d.err = *err
}

// Resume's helper defers its release only when the fetch fails, and
// the Lock it defers after that always runs first: when the fetch
// succeeds the lock is held at the return, and Resume keeps it.
func (d *Discovery) Resume() error {
	d.mu.Lock()
	if d.running {
		d.mu.Unlock()
		return nil
	}
	return d.resume() // want `certain: this return keeps d\.mu \(sync\.Mutex\) held`
}

func (d *Discovery) resume() (err error) {
	d.running = true
	d.mu.Unlock()
	defer func() {
		if err != nil {
			d.mu.Unlock()
		}
	}()
	defer d.mu.Lock()
	return d.fetch()
}
