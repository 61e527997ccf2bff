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
				return err.Error() // want `certain: this return keeps d\.mu \(sync\.Mutex\) held.* \(this return runs when err != nil\)$`
			}
			d.level = n
		}
		d.mu.Unlock()
		return ""
	}
	return "unknown"
}

// Rename renames the database's first table, when it has one: with none
// it returns holding d.mu, and the next command blocks for ever.
func (d *DB) Rename(name string) {
	d.mu.Lock()
	if len(d.names) > 0 {
		d.names[0] = name
	} else {
		return // want `certain: this return keeps d\.mu \(sync\.Mutex\) held.* \(this return runs unless len\(d\.names\) > 0\)$`
	}
	d.mu.Unlock()
}

// Resize sets the level under a condition decided before the lock: the
// if around the acquire says nothing of when the return runs.
func (d *DB) Resize(n int) {
	if n > 0 {
		d.mu.Lock()
		for _, s := range d.names {
			if s == "" {
				return // want `certain: this return keeps d\.mu \(sync\.Mutex\) held.* \(this return runs when s == ""\)$`
			}
		}
		d.level = n
		d.mu.Unlock()
	}
}

// Replay runs a script of commands, as a test driver replays its file:
// a "set" whose argument is no number returns with d.mu held, and the
// next replay blocks on it for ever.
func (d *DB) Replay(cmds []string, arg string) string {
	for _, cmd := range cmds {
		switch cmd {
		case "show":
			d.mu.Lock()
			_ = strconv.Itoa(d.level)
			d.mu.Unlock()
		case "set":
			d.mu.Lock()
			n, err := strconv.Atoi(arg)
			if err != nil {
				return err.Error() // want `certain: this return keeps d\.mu \(sync\.Mutex\) held`
			}
			d.level = n
			d.mu.Unlock()
		}
	}
	return ""
}

// Step moves the level: with neither flag set it returns holding d.mu,
// and the next command blocks for ever. The else-if's condition alone
// is not when the return runs, so the report quotes none.
func (d *DB) Step(up, down bool) {
	d.mu.Lock()
	if up {
		d.level++
	} else if !down {
		return // want `certain: this return keeps d\.mu \(sync\.Mutex\) held.*after the acquire$`
	}
	d.level--
	d.mu.Unlock()
}

// Clamp returns holding d.mu when the level is out of range; the
// condition is quoted as code, without the comment inside it.
func (d *DB) Clamp(lo, hi int) {
	d.mu.Lock()
	if d.level < lo || // below the range
		d.level > hi {
		return // want `certain: this return keeps d\.mu \(sync\.Mutex\) held.* \(this return runs when d\.level < lo \|\| d\.level > hi\)$`
	}
	d.mu.Unlock()
}

// Shut returns holding d.mu when the level is already zero; the other
// paths release it in a deferred literal, which the report names at its
// Unlock, not at the defer.
func (d *DB) Shut() {
	d.mu.Lock()
	if d.level == 0 {
		return // want `certain: this return keeps d\.mu \(sync\.Mutex\) held: it has its release deferred on the other paths, so once a pass through here has kept d\.mu, its next acquire blocks for good`
	}
	defer func() {
		d.level = 0
		d.mu.Unlock()
	}()
	d.level--
}
