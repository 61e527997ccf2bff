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
