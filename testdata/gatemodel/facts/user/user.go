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
