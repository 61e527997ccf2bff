// want package:`^\{package user \S+ AddStat: touches\(writes g:example\.com/gatemodel/touches/user\.stats/\*/n under g:example\.com/gatemodel/touches/user\.stats/\*/mu\); Guarded: touches\(writes g:example\.com/gatemodel/touches/user\.count under g:example\.com/gatemodel/touches/lib\.Mu\); UseDev: touches\(writes g:example\.com/gatemodel/touches/user\.dev/busy, writes g:example\.com/gatemodel/touches/user\.dev/jobs\)\}$`

// Package user reads lib's touch facts: its own are built from them.
package user

import "example.com/gatemodel/touches/lib"

var dev lib.Device

// UseDev writes the package-level device through lib's summary.
func UseDev() {
	dev.Run()
}

var stats = new(lib.Stats)

// AddStat writes under the gate the callee holds, in the caller's terms.
func AddStat() {
	stats.Add()
}

var count int

// Guarded: the func literal's write runs under lib.Mu.
func Guarded() {
	lib.WithDevice(func() { count++ })
}
