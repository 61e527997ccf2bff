// want package:`^\{package user \S+ Balanced: gates\(acquires p0/mu\); Pass: gates\(acquires p0/mu if p1=false\); PassMode: gates\(acquires p0/mu if p1==2\); Settled: gates\(acquires p0/mu\); Slots: gates\(acquires p0/slots/\*, holds p0/slots/\*\); UseTwice: gates\(acquires g:example\.com/gatemodel/facts/lib\.Sem/\*\); Wrap: gates\(acquires g:example\.com/gatemodel/facts/lib\.Mu\); WrapT: gates\(acquires p0/mu, holds p0/mu\)\}$`

// Package user reads lib's facts: its own summaries are built from them.
package user

import (
	"context"

	"example.com/gatemodel/facts/lib"
)

func Wrap() {
	lib.Locks()
}

func WrapT(t *lib.T) {
	t.Hold()
}

func Balanced(t *lib.T) {
	t.Hold()
	t.Drop()
}

func Slots(t *lib.T) {
	t.Enter()
}

func UseTwice(ctx context.Context) error {
	if err := lib.Use(ctx); err != nil {
		return err
	}
	return lib.Use(ctx)
}

// Passing the parameter on keeps the guard; a constant settles it.
func Pass(t *lib.T, locked bool) int {
	return t.Get(1, locked)
}

// A mode passed on keeps its test; another constant settles it.
func PassMode(t *lib.T, status int) { t.Notify(status) }

func Quiet(t *lib.T) { t.Notify(1) }

func Settled(t *lib.T) int {
	return t.Get(1, true) + t.Get(2, false)
}
