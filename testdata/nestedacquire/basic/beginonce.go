package basic

import "sync"

// A transaction begins on first use. begin returns nil holding t.mu only
// on its already-begun branch (a leak permitleak reports there); on its
// success path, where the dial's err was found nil, it has let go of
// t.mu. It is no acquire helper: Commit's Lock after it is not nested.
type Txn struct {
	mu      sync.Mutex
	begun   bool
	addr    string
	retries int
}

func (t *Txn) dial() error {
	if t.addr == "" {
		return ErrReadOnly
	}
	return nil
}

func (t *Txn) begin() error {
	t.mu.Lock()
	if t.begun {
		return nil
	}
	t.mu.Unlock()
	err := t.dial()
	defer func() {
		if err != nil {
			t.retries++
		}
	}()
	if err == nil {
		t.mu.Lock()
		t.begun = true
		t.mu.Unlock()
	}
	return err
}

func (t *Txn) Commit() error {
	if err := t.begin(); err != nil {
		return err
	}
	t.mu.Lock()
	t.begun = false
	t.mu.Unlock()
	return nil
}

// lockReady is an acquire helper: every nil it returns holds t.mu.
func (t *Txn) lockReady() error {
	t.mu.Lock()
	if err := t.dial(); err != nil {
		t.mu.Unlock()
		return err
	}
	return nil
}

// Reset locks again after lockReady succeeded: it blocks for ever on the
// lock lockReady left held.
func (t *Txn) Reset() {
	if err := t.lockReady(); err == nil {
		t.mu.Lock() // want `t\.mu\.Lock while t\.mu is already held`
		t.begun = false
		t.mu.Unlock()
	}
}
