// Package commands: a test driver's switch, each case locking and
// unlocking on its own; one case returns early holding the lock. The
// release on its other paths is its own case's, not the case above it.
package commands

import (
	"strconv"
	"sync"
)

type DB struct {
	mu    sync.Mutex
	level int
	names []string
}

// Run runs one command. A "set" with an argument that is no number
// returns with d.mu held, and the next command blocks on it for ever.
func (d *DB) Run(cmd string, args []string) string {
	switch cmd {
	case "show":
		d.mu.Lock()
		s := strconv.Itoa(d.level)
		d.mu.Unlock()
		return s
	case "set":
		d.mu.Lock()
		for _, a := range args {
			n, err := strconv.Atoi(a)
			if err != nil {
				return err.Error() // want `certain: this return keeps d\.mu \(sync\.Mutex\) held`
			}
			d.level = n
		}
		d.mu.Unlock()
		return ""
	}
	return "unknown"
}
