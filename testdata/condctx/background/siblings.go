package background

import (
	"context"
	"sync"

	"golang.org/x/sync/errgroup"
)

// A Source streams rows to a callback until it is done or its context
// is cancelled, when it returns the context's error.
type Source interface {
	Stream(ctx context.Context, each func(row []string) error) error
}

// Concat streams every source at once, as vitess's Concatenate does: each
// stream's callback waits, on a Cond local to Concat, until every source
// has sent its header. The wake-ups come from the streams Concat starts:
// the last header's, and each stream's way out when it ends, on an error
// or on the cancellation its Stream sees. The wait is for work already
// under way, which ends when that work does.
func Concat(ctx context.Context, sources []Source, out func([]string) error) error {
	var mu sync.Mutex
	ready := sync.NewCond(&mu)
	headers := make([][]string, len(sources))
	var g errgroup.Group
	for i, src := range sources {
		g.Go(func() error {
			first := true
			err := src.Stream(ctx, func(row []string) error {
				mu.Lock()
				if first {
					first = false
					headers[i] = row
					ready.Broadcast()
				}
				for missing(headers) {
					ready.Wait()
				}
				mu.Unlock()
				if ctx.Err() != nil {
					return ctx.Err()
				}
				return out(row)
			})
			if err != nil {
				mu.Lock()
				if headers[i] == nil {
					headers[i] = []string{}
				}
				ready.Broadcast()
				mu.Unlock()
			}
			return err
		})
	}
	return g.Wait()
}

func missing(h [][]string) bool {
	for _, x := range h {
		if x == nil {
			return true
		}
	}
	return false
}

// A Feed calls its subscribers' callbacks on its own schedule.
type Feed interface {
	Subscribe(each func(row []string)) (cancel func())
}

// Collect is Concat's near miss: its Cond is local too, but what wakes it
// is a callback it hands to the feed, which may never call it again;
// nothing it starts wakes the Cond, and its context goes unseen.
func Collect(ctx context.Context, f Feed, n int) [][]string {
	var mu sync.Mutex
	more := sync.NewCond(&mu)
	var rows [][]string
	stop := f.Subscribe(func(row []string) {
		mu.Lock()
		rows = append(rows, row)
		more.Broadcast()
		mu.Unlock()
	})
	defer stop()
	mu.Lock()
	defer mu.Unlock()
	for len(rows) < n {
		more.Wait() // want `Collect waits in a sync.Cond loop that never looks at ctx`
	}
	return rows
}

type traceKey struct{}

// Await starts one goroutine, which waits on the local Cond itself and
// wakes it only after its own wait: nothing else wakes it, so the wait
// is not for other work under way.
func Await(ctx context.Context, ready func() bool) {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	done := make(chan struct{})
	go func() {
		trace := ctx.Value(traceKey{})
		mu.Lock()
		for !ready() {
			c.Wait() // want `a func literal in Await waits in a sync.Cond loop that never looks at ctx`
		}
		c.Broadcast()
		mu.Unlock()
		close(done)
		_ = trace
	}()
	<-done
}

// ConcatNoWayOut is Concat without the wake-up when a stream ends: a
// stream that returns on cancellation before its header leaves the
// others waiting for it, with their context cancelled.
func ConcatNoWayOut(ctx context.Context, sources []Source, out func([]string) error) error {
	var mu sync.Mutex
	ready := sync.NewCond(&mu)
	headers := make([][]string, len(sources))
	var g errgroup.Group
	for i, src := range sources {
		g.Go(func() error {
			first := true
			return src.Stream(ctx, func(row []string) error {
				mu.Lock()
				if first {
					first = false
					headers[i] = row
					ready.Broadcast()
				}
				for missing(headers) {
					ready.Wait() // want `a func literal in ConcatNoWayOut waits in a sync.Cond loop that never looks at ctx`
				}
				mu.Unlock()
				if ctx.Err() != nil {
					return ctx.Err()
				}
				return out(row)
			})
		})
	}
	return g.Wait()
}

// Barrier starts its workers until the context is cancelled; each
// arrives, wakes the others and waits for all n before its work. The
// wake-ups come before the work: once the loop stops early, the workers
// started wait for the rest for ever.
func Barrier(ctx context.Context, n int, work func(context.Context, int)) {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	arrived := 0
	for i := 0; i < n; i++ {
		if ctx.Err() != nil {
			return
		}
		go func() {
			mu.Lock()
			arrived++
			c.Broadcast()
			for arrived < n {
				c.Wait() // want `a func literal in Barrier waits in a sync.Cond loop that never looks at ctx`
			}
			mu.Unlock()
			work(ctx, i)
		}()
	}
}

// Pump forwards what the caller sends into a buffer that its getter
// waits on: a queue's Get, whose wake-up comes only when the caller
// sends again.
func Pump(src <-chan int) func(ctx context.Context) int {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	var buf []int
	go func() {
		for v := range src {
			mu.Lock()
			buf = append(buf, v)
			c.Signal()
			mu.Unlock()
		}
	}()
	return func(ctx context.Context) int {
		mu.Lock()
		defer mu.Unlock()
		for len(buf) == 0 {
			c.Wait() // want `a func literal in Pump waits in a sync.Cond loop that never looks at ctx`
		}
		v := buf[0]
		buf = buf[1:]
		return v
	}
}

// Later waits before it starts the goroutine that would wake it.
func Later(ctx context.Context, job func(context.Context)) {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	done := false
	mu.Lock()
	for !done {
		c.Wait() // want `Later waits in a sync.Cond loop that never looks at ctx`
	}
	mu.Unlock()
	go func() {
		job(ctx)
		mu.Lock()
		done = true
		c.Broadcast()
		mu.Unlock()
	}()
}
