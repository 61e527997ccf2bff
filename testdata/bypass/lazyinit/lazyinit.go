// Package lazyinit: a package-level cleaner made lazily, under a lock,
// while it is nil (the idiom sync.Once replaced). Every validator is
// made after a call of the initialiser, so its methods read the cleaner
// after the one write: no lock needed. Dir reads it with no call of the
// initialiser before; a probe is made with no call either: each races
// with the first Open's write.
package lazyinit

import (
	"os"
	"path/filepath"
	"sync"
)

type cleanerType struct {
	dir  string
	keep int
}

var (
	cleanerMu sync.Mutex
	cleaner   *cleanerType
)

func makeCleaner() {
	cleanerMu.Lock()
	defer cleanerMu.Unlock()
	if cleaner != nil {
		return
	}
	cleaner = &cleanerType{dir: os.TempDir(), keep: 3}
}

type validator struct {
	mode int
}

func newValidator(mode int) *validator {
	makeCleaner()
	return &validator{mode: mode}
}

func (v *validator) path(name string) string {
	return filepath.Join(cleaner.dir, name)
}

// Conn checks names against its validator.
type Conn struct {
	v *validator
}

// Open makes a connection, and the cleaner on the first call.
func Open(mode int) *Conn {
	return &Conn{v: newValidator(mode)}
}

// Check names the file for name: after the cleaner is made.
func (c *Conn) Check(name string) string {
	return c.v.path(name)
}

// Keep says how many files to keep; it makes the cleaner first.
func Keep() int {
	makeCleaner()
	return cleaner.keep
}

// Sweep removes the cleaner's directory; it makes the cleaner first.
func Sweep() error {
	makeCleaner()
	return os.RemoveAll(cleaner.dir)
}

// Dir reads the directory with no call of the initialiser before: a Dir
// beside the first Open races with its write.
func Dir() string {
	return cleaner.dir // want `latent: Dir reads cleaner without holding cleanerMu, which is held where makeCleaner writes it`
}

// Age and Prune make the cleaner first too.
func Age() int {
	makeCleaner()
	return cleaner.keep * 24
}

func Prune(name string) error {
	makeCleaner()
	return os.Remove(filepath.Join(cleaner.dir, name))
}
