// Package user reads lib's facts: its own summaries are built from them.
package user

import (
	"context"

	"example.com/gatemodel/facts/lib"
)

func Wrap() { // want Wrap:`gates\(acquires g:example\.com/gatemodel/facts/lib\.Mu\)`
	lib.Locks()
}

func WrapT(t *lib.T) { // want WrapT:`gates\(acquires p0/mu, holds p0/mu\)`
	t.Hold()
}

func Balanced(t *lib.T) { // want Balanced:`gates\(acquires p0/mu\)`
	t.Hold()
	t.Drop()
}

func Slots(t *lib.T) { // want Slots:`gates\(acquires p0/slots/\*, holds p0/slots/\*\)`
	t.Enter()
}

func UseTwice(ctx context.Context) error { // want UseTwice:`gates\(acquires g:example\.com/gatemodel/facts/lib\.Sem/\*\)`
	if err := lib.Use(ctx); err != nil {
		return err
	}
	return lib.Use(ctx)
}

// Passing the parameter on keeps the guard; a constant settles it.
func Pass(t *lib.T, locked bool) int { // want Pass:`gates\(acquires p0/mu if p1=false\)`
	return t.Get(1, locked)
}

func Settled(t *lib.T) int { // want Settled:`gates\(acquires p0/mu\)`
	return t.Get(1, true) + t.Get(2, false)
}

var dev lib.Device

// UseDev writes the package-level device through lib's summary.
func UseDev() { // want UseDev:`gates\(writes g:example\.com/gatemodel/facts/user\.dev/busy, writes g:example\.com/gatemodel/facts/user\.dev/jobs\)`
	dev.Run()
}

var stats = new(lib.Stats)

// AddStat writes under the gate the callee holds, in the caller's terms.
func AddStat() { // want AddStat:`gates\(acquires g:example\.com/gatemodel/facts/user\.stats/\*/mu, writes g:example\.com/gatemodel/facts/user\.stats/\*/n under g:example\.com/gatemodel/facts/user\.stats/\*/mu\)`
	stats.Add()
}

var count int

// Guarded: the func literal's write runs under lib.Mu.
func Guarded() { // want Guarded:`gates\(acquires g:example\.com/gatemodel/facts/lib\.Mu, writes g:example\.com/gatemodel/facts/user\.count under g:example\.com/gatemodel/facts/lib\.Mu\)`
	lib.WithDevice(func() { count++ })
}
