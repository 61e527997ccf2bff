// Package testmain: a test helper package keeps the paths the tests ask
// it to remove under pathmu. RunTests, which TestMain hands its
// *testing.M, removes them after m.Run has returned: every test, and so
// every AddPathToRemove, is over by then.
package testmain

import (
	"os"
	"sync"
	"testing"
)

var (
	pathmu        sync.Mutex
	pathsToRemove []string
)

// AddPathToRemove is called by the tests, on their goroutines.
func AddPathToRemove(p string) {
	pathmu.Lock()
	defer pathmu.Unlock()
	pathsToRemove = append(pathsToRemove, p)
}

// Pending tells a test how many paths are queued.
func Pending() int {
	pathmu.Lock()
	defer pathmu.Unlock()
	return len(pathsToRemove)
}

// Forget drops the queue.
func Forget() {
	pathmu.Lock()
	defer pathmu.Unlock()
	pathsToRemove = nil
}

// Queued reports whether p is queued.
func Queued(p string) bool {
	pathmu.Lock()
	defer pathmu.Unlock()
	for _, q := range pathsToRemove {
		if q == p {
			return true
		}
	}
	return false
}

// RunTests runs the tests, then removes what they left.
func RunTests(m *testing.M) int {
	code := m.Run()
	for _, p := range pathsToRemove {
		os.RemoveAll(p)
	}
	return code
}

// Sweep removes the paths while tests may still add to them: a test
// that calls it races with the others' AddPathToRemove.
func Sweep() {
	for _, p := range pathsToRemove { // want `latent: Sweep reads pathsToRemove without holding pathmu`
		os.RemoveAll(p)
	}
}

var (
	logmu sync.Mutex
	logs  []string
)

// Log is called by the tests and by the janitor.
func Log(s string) {
	logmu.Lock()
	defer logmu.Unlock()
	logs = append(logs, s)
}

// Logged tells a test what was logged.
func Logged() int {
	logmu.Lock()
	defer logmu.Unlock()
	return len(logs)
}

// StartJanitor starts a janitor that logs beside the tests.
func StartJanitor() { go janitor() }

// RunWithJanitor reads the log after m.Run while the janitor, still
// running, may append.
func RunWithJanitor(m *testing.M) int {
	code := m.Run()
	n := len(logs) // want `latent: RunWithJanitor reads logs without holding logmu`
	return code + n
}

func janitor() {
	for {
		Log(os.TempDir())
	}
}
