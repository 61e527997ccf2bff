// Package botlib keeps a default session in a package variable. The
// session's methods write its own fields under its own locks, which the
// session package judges: through the pointer, Start and Stop only load
// the variable, and only Connect writes it.
package botlib

import (
	"sync"

	"example.com/bypass/session"
)

var (
	Default *session.Session
	mu      sync.RWMutex
	started int
)

func Connect() {
	mu.Lock()
	defer mu.Unlock()
	Default = session.New()
	Default.AddHandler("ready", func() {})
	started++
}

func Disconnect() {
	Default.Close()
}

// Count writes started holding only the read lock of mu, which guards
// it: two Counts race.
func Count() {
	mu.RLock()
	defer mu.RUnlock()
	started++ // want `latent: Count writes started holding only the read lock of mu`
}
