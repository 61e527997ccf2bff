// Package user reads lib's touch facts: its own are built from them.
package user

import "example.com/gatemodel/touches/lib"

var dev lib.Device

// UseDev writes the package-level device through lib's summary.
func UseDev() { // want UseDev:`touches\(writes g:example\.com/gatemodel/touches/user\.dev/busy, writes g:example\.com/gatemodel/touches/user\.dev/jobs\)`
	dev.Run()
}

var stats = new(lib.Stats)

// AddStat writes under the gate the callee holds, in the caller's terms.
func AddStat() { // want AddStat:`touches\(writes g:example\.com/gatemodel/touches/user\.stats/\*/n under g:example\.com/gatemodel/touches/user\.stats/\*/mu\)`
	stats.Add()
}

var count int

// Guarded: the func literal's write runs under lib.Mu.
func Guarded() { // want Guarded:`touches\(writes g:example\.com/gatemodel/touches/user\.count under g:example\.com/gatemodel/touches/lib\.Mu\)`
	lib.WithDevice(func() { count++ })
}
