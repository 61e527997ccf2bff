package readers

import "testing"

// The test exercises the read lock on one goroutine and starts nothing:
// no writer can queue between the two read locks.
func TestReadTwice(t *testing.T) {
	var g Guard
	g.mu.RLock()
	defer g.mu.RUnlock()
	if g.Read() != 0 {
		t.Fatal("not zero")
	}
}

// The same inside a subtest.
func TestReadTwiceSub(t *testing.T) {
	t.Run("sub", func(t *testing.T) {
		var g Guard
		g.mu.RLock()
		defer g.mu.RUnlock()
		_ = g.Read()
	})
}

// This test starts the background writer first: it can queue between the
// two read locks.
func TestReadWhileWriting(t *testing.T) {
	var g Guard
	stop := make(chan struct{})
	defer close(stop)
	g.Start(stop)
	g.mu.RLock()
	defer g.mu.RUnlock()
	_ = g.Read() // want `latent: call to \(\*Guard\)\.Read acquires g\.mu .*\(\(\*Guard\)\.Reset at readers\.go:\d+ takes the write lock\)`
}
