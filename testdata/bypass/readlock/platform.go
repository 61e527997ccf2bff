package readlock

import (
	"runtime"
	"sync"
)

// The gamepad tables fill in a device's default mapping on first lookup,
// under the read lock, but only on Android, as ebiten's gamepaddb does:
// in any other build currentPlatform returns another platform, and the
// write is code that build never runs. The twin fills in defaults on
// every platform but Android, which the build running the suite is.
type platform int

const (
	platformUnknown platform = iota
	platformUnix
	platformAndroid
	platformDarwin
)

func currentPlatform() platform {
	switch runtime.GOOS {
	case "linux", "freebsd", "openbsd", "netbsd":
		return platformUnix
	case "android":
		return platformAndroid
	case "darwin", "ios":
		return platformDarwin
	default:
		return platformUnknown
	}
}

var (
	mappingsM      sync.RWMutex
	buttonMappings = map[string]int{}
	axisMappings   = map[string]int{}
)

func buttonMapping(id string) int {
	if m, ok := buttonMappings[id]; ok {
		return m
	}
	if currentPlatform() == platformAndroid {
		buttonMappings[id] = 1
		return 1
	}
	return 0
}

func HasButton(id string) bool {
	mappingsM.RLock()
	defer mappingsM.RUnlock()
	return buttonMapping(id) != 0
}

func axisMapping(id string) int {
	if m, ok := axisMappings[id]; ok {
		return m
	}
	if currentPlatform() != platformAndroid {
		axisMappings[id] = 1
		return 1
	}
	return 0
}

func HasAxis(id string) bool {
	mappingsM.RLock()
	defer mappingsM.RUnlock()
	return axisMapping(id) != 0 // want `latent: HasAxis writes axisMappings through axisMapping → axisMappings holding only the read lock of mappingsM`
}

func UpdateMappings(id string, v int) {
	mappingsM.Lock()
	defer mappingsM.Unlock()
	buttonMappings[id] = v
	axisMappings[id] = v
}

// A Checker is sealed by its unexported method, and the package's one
// implementation never fails; but a type of another package can embed a
// Checker and override Check, so its error branch is a path: the
// defaults written there under the read lock race with Lookup's reads.
type Checker interface {
	Check(id string) error
	sealed()
}

type nopChecker struct{}

func (nopChecker) Check(string) error { return nil }
func (nopChecker) sealed()            {}

var checked = map[string]bool{}

func Lookup(c Checker, id string) bool {
	mappingsM.RLock()
	defer mappingsM.RUnlock()
	if err := c.Check(id); err != nil {
		checked[id] = false // want `latent: Lookup writes checked holding only the read lock of mappingsM`
		return false
	}
	return checked[id]
}

func Mark(id string) {
	mappingsM.Lock()
	defer mappingsM.Unlock()
	checked[id] = true
}

// A prober is unexported, but Prober, exported, embeds it: a type of
// another package can embed a Prober and override Probe, so Probe's
// error branch is a path too.
type prober interface {
	Probe(id string) error
	sealedP()
}

type Prober interface{ prober }

type nopProber struct{}

func (nopProber) Probe(string) error { return nil }
func (nopProber) sealedP()           {}

func LookupProbed(p prober, id string) bool {
	mappingsM.RLock()
	defer mappingsM.RUnlock()
	if err := p.Probe(id); err != nil {
		checked[id] = false // want `latent: LookupProbed writes checked holding only the read lock of mappingsM`
		return false
	}
	return checked[id]
}
