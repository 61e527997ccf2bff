package store

import "sync"

// A transaction begins on first use: begin takes t.mu to see whether it
// has begun, lets go of it to dial, and takes it again to record the
// result only when the dial succeeded. Its early return for a begun
// transaction keeps t.mu: begin's success path gives the lock back, so
// that return is the bug, and the next commit hangs on t.mu.
type txn struct {
	mu      sync.Mutex
	begun   bool
	retries int
}

func (t *txn) dial() error { return nil }

// begin keeps t.mu when the transaction has begun: the second call of
// commit blocks for ever on its Lock.
func (t *txn) begin() error {
	t.mu.Lock()
	if t.begun {
		return nil // want `this return keeps t\.mu \(sync\.Mutex\) held`
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

func (t *txn) commit() error {
	if err := t.begin(); err != nil {
		return err
	}
	t.mu.Lock()
	t.begun = false
	t.mu.Unlock()
	return nil
}

// lockIfReady is an acquire helper: it returns holding t.mu when it
// returns nil, and gives it back only when the dial failed; its caller
// releases it.
func (t *txn) lockIfReady() error {
	t.mu.Lock()
	if t.begun {
		return nil
	}
	err := t.dial()
	defer func() {
		if err != nil {
			t.retries++
		}
	}()
	if err != nil {
		t.mu.Unlock()
	}
	return err
}

func (t *txn) rollback() error {
	if err := t.lockIfReady(); err != nil {
		return err
	}
	defer t.mu.Unlock()
	t.begun = false
	return nil
}
