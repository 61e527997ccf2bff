// Package exitstatus: a command's exit status, raised under a lock by
// setExitStatus, which the package reaches only through chains of
// calls deeper than a summary keeps; Exit reads it unlocked. The report
// names the function that writes under the lock, at the write, not a
// function on the way to it.
package exitstatus

import (
	"os"
	"sync"
)

var (
	exitStatus = 0
	exitMu     sync.Mutex
)

func setExitStatus(n int) {
	exitMu.Lock()
	if exitStatus < n {
		exitStatus = n
	}
	exitMu.Unlock()
}

func fail(n int) { setExitStatus(n) }

func report(n int) { fail(n) }

func render(n int) { report(n) }

// Usage and Errorf render their text on a goroutine each.
func Usage() { go render(2) }

func Errorf() { go render(1) }

// Exit exits with the status raised so far.
func Exit() {
	os.Exit(exitStatus) // want `latent: Exit reads exitStatus without holding exitMu, which is held where setExitStatus writes it \(exitstatus\.go:21\)`
}
