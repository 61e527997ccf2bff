// Package xpkg calls lib's blocking Get from a handler: known from facts.
package xpkg

import (
	"context"

	"example.com/condctx/lib"
)

// Handle's ctx cannot end lib's Get: cancelled while the queue is empty,
// it waits on until a Put.
func Handle(ctx context.Context, q *lib.Queue) int {
	return q.Get() // want `\(\*lib\.Queue\)\.Get blocks in sync\.Cond\.Wait \(lib\.go:\d+\) and cannot observe ctx`
}

// Background has no context: nothing to observe.
func Background(q *lib.Queue) int { return q.Get() }
