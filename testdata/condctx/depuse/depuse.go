// Package depuse calls another module's Pop from a handler: the wait
// is the dependency's, so the report says which module holds the fix,
// and what the caller can do meanwhile.
package depuse

import (
	"context"

	"example.com/conddep/waitq"
)

// Next waits for the next item; cancelled while the queue is empty, it
// waits on until a Push.
func Next(ctx context.Context, q *waitq.Q) int {
	return q.Pop() // want `\(\*waitq\.Q\)\.Pop blocks in sync\.Cond\.Wait \(waitq\.go:\d+\) and cannot observe ctx: .*; the wait is in package example\.com/conddep/waitq, of another module, where Pop can take a ctx; here, run the call on a goroutine and select on its result and ctx\.Done\(\)`
}
