package fields

import (
	"errors"
	"sync"
)

var errDisposed = errors.New("disposed")

type watcher struct{ stopped bool }

func (w *watcher) stop() { w.stopped = true }

// A build context that is disposed once, for good: Watch and Serve set
// their helpers only while the context is not disposed, checked under
// the lock they hold throughout; Dispose sets the flag under that lock
// and only then reads the helpers without it. A Watch that locked first
// wrote before Dispose's section; one that locks after finds the flag
// set and writes nothing.
//
// It is safe for concurrent use.
type BuildContext struct {
	mu       sync.Mutex
	disposed bool
	watcher  *watcher
	handler  *watcher
}

func NewBuildContext() *BuildContext { return &BuildContext{disposed: false} }

// RestoreBuildContext sets the flag from a saved state on the context
// NewBuildContext made, before anything else can reach it: the flag is
// still set only once on a shared context.
func RestoreBuildContext(disposed bool) *BuildContext {
	c := NewBuildContext()
	c.disposed = disposed
	return c
}

func (c *BuildContext) Watch() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.disposed {
		return errDisposed
	}
	if c.watcher != nil {
		return errors.New("already watching")
	}
	c.watcher = &watcher{}
	return nil
}

func (c *BuildContext) Serve() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.disposed {
		c.handler = &watcher{}
		return nil
	}
	return errDisposed
}

func (c *BuildContext) Watching() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.watcher != nil && c.handler != nil
}

func (c *BuildContext) Dispose() {
	c.mu.Lock()
	if c.disposed {
		c.mu.Unlock()
		return
	}
	c.disposed = true
	c.mu.Unlock()
	if c.watcher != nil {
		c.watcher.stop()
	}
	if c.handler != nil {
		c.handler.stop()
	}
}

// ReopenContext is BuildContext whose Reset clears the flag: a Watch
// after Reset writes the watcher while Dispose reads it (the twin races
// under -race).
//
// It is safe for concurrent use.
type ReopenContext struct {
	mu       sync.Mutex
	disposed bool
	watcher  *watcher
}

func (c *ReopenContext) Watch() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.disposed {
		return errDisposed
	}
	c.watcher = &watcher{}
	return nil
}

func (c *ReopenContext) Reset() {
	c.mu.Lock()
	c.disposed = false
	c.mu.Unlock()
}

func (c *ReopenContext) Watching() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.watcher != nil
}

func (c *ReopenContext) Dispose() {
	c.mu.Lock()
	c.disposed = true
	c.mu.Unlock()
	if c.watcher != nil { // want `Dispose reads c\.watcher without holding c\.mu`
		c.watcher.stop()
	}
}

// LeakyContext checks the flag but lets go of the lock before the
// write: Dispose's section can run in between, and its read meet the
// write (the twin races under -race).
//
// It is safe for concurrent use.
type LeakyContext struct {
	mu       sync.Mutex
	disposed bool
	watcher  *watcher
}

func (c *LeakyContext) Watch() error {
	c.mu.Lock()
	if c.disposed {
		c.mu.Unlock()
		return errDisposed
	}
	c.mu.Unlock()
	c.mu.Lock()
	c.watcher = &watcher{}
	c.mu.Unlock()
	return nil
}

func (c *LeakyContext) Watching() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.watcher != nil
}

func (c *LeakyContext) Dispose() {
	c.mu.Lock()
	c.disposed = true
	c.mu.Unlock()
	if c.watcher != nil { // want `Dispose reads c\.watcher without holding c\.mu`
		c.watcher.stop()
	}
}

// AsyncContext checks the flag under the lock but starts a goroutine to
// set the watcher: the goroutine runs after the section, and may run
// after Dispose's (the twin races under -race).
//
// It is safe for concurrent use.
type AsyncContext struct {
	mu       sync.Mutex
	disposed bool
	watcher  *watcher
}

func (c *AsyncContext) Watch() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.disposed {
		return
	}
	go func() {
		c.mu.Lock()
		c.watcher = &watcher{}
		c.mu.Unlock()
	}()
}

func (c *AsyncContext) Watching() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.watcher != nil
}

func (c *AsyncContext) Dispose() {
	c.mu.Lock()
	c.disposed = true
	c.mu.Unlock()
	if c.watcher != nil { // want `Dispose reads c\.watcher without holding c\.mu`
		c.watcher.stop()
	}
}
