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

// Flush joins the work counted into g: each unit, started with its own
// ctx, counts itself out when it ends, so the join ends too once ctx is
// cancelled. Silent, as a sync.WaitGroup's Wait would be.
func Flush(ctx context.Context, g *lib.Group, work []func(context.Context)) {
	for _, w := range work {
		g.Add(1)
		go func() {
			defer g.Done()
			w(ctx)
		}()
	}
	g.Wait()
}

// Settle waits for a Tally that only a consumer's Take empties:
// cancelled while anything is counted and no consumer comes, it waits
// on.
func Settle(ctx context.Context, t *lib.Tally) {
	t.Wait() // want `\(\*lib\.Tally\)\.Wait blocks in sync\.Cond\.Wait \(lib\.go:\d+\) and cannot observe ctx`
}

// Enqueue reserves room in lib's backlog, whose wait sits on a branch
// lib's values rule out (a limit that is 0 on this build): no fact
// carries a wait here.
func Enqueue(ctx context.Context, x int) {
	lib.Reserve(x)
}

// EnqueueBounded reserves room in lib's bounded queue: past the limit a
// caller set with lib.Limit it waits, and ctx cannot end the wait.
func EnqueueBounded(ctx context.Context, x int) {
	lib.ReserveBounded(x) // want `lib\.ReserveBounded blocks in sync\.Cond\.Wait \(lib\.go:\d+\) and cannot observe ctx`
}
