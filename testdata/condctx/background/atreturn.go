package background

import (
	"context"

	"example.com/condctx/lib"
)

// AtReturn's context is a WithCancel of Background whose cancel the
// callback only defers: nothing cancels it while Get waits, so there is
// no cancellation for the wait to miss. Cancelled, its near miss, cancels
// from another goroutine.
func AtReturn(q *lib.Queue, run func(func())) {
	var ctx context.Context
	run(func() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(context.Background())
		defer cancel()
		use(ctx)
		q.Get()
	})
}
