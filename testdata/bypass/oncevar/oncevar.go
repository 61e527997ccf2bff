// Package oncevar keeps package-level state that a sync.Once fills in:
// the function the Once runs, runs once per process, and every Do on
// the Once returns only after it has, so its writes meet neither
// themselves nor the reads after a Do, whatever lock the callers hold.
package oncevar

import (
	"os"
	"sync"
)

var (
	mu       sync.Mutex
	dirsOnce sync.Once
	dirs     []string
)

func createDirs() { dirs = append(dirs, os.TempDir()) }

func dir() string {
	dirsOnce.Do(createDirs)
	return dirs[0]
}

// Log and Flush find the directory under mu.
func Log() string {
	mu.Lock()
	defer mu.Unlock()
	return dir()
}

func Flush() string {
	mu.Lock()
	defer mu.Unlock()
	return dir()
}

// Path finds it without mu: not reported.
func Path() string { return dir() }

var (
	namesOnce sync.Once
	names     []string
)

func createNames() { names = append(names, os.TempDir()) }

func name() string {
	namesOnce.Do(createNames)
	return names[0]
}

func Get() string {
	mu.Lock()
	defer mu.Unlock()
	return name()
}

func List() string {
	mu.Lock()
	defer mu.Unlock()
	return name()
}

// Rename fills the names in again, outside the Once: its append races
// with name's read on another goroutine.
func Rename() string {
	createNames() // want `latent: Rename reads names through createNames → names without holding mu`
	return names[0]
}
