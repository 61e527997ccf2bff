// Package user calls lib's functions: lib's StallFacts say which of them
// may block in a Wait.
package user

import (
	"context"

	"example.com/gatemodel/cond/lib"
)

func Use(p *lib.Pool) { // want `^blocks: \[\(\*lib\.Pool\)\.Get \(\*sync\.Cond\)\.Wait\]$`
	p.Get() // want `^blocking call: \(\*lib\.Pool\)\.Get$`
}

func UseTake(p *lib.Pool) { // want `^blocks: \[lib\.Take \(\*Pool\)\.Get \(\*sync\.Cond\)\.Wait\]$`
	lib.Take(p) // want `^blocking call: lib\.Take$`
}

// UseCtx has a context: its call blocks, it is not said to.
func UseCtx(ctx context.Context, p *lib.Pool) {
	p.Get() // want `^blocking call: \(\*lib\.Pool\)\.Get$`
}

// UseClosed calls the Wait with a way out: nothing blocks.
func UseClosed(p *lib.Pool) bool {
	return p.GetOrClosed()
}
