package limits

import (
	"context"
	"sync"
)

// A context never cancelled, kept in a variable that each worker
// literal captures: none of these Acquires can fail.
func (s *Server) Workers(n int) {
	ctx := context.Background()
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.sem.Acquire(ctx, 1)
			work()
			s.sem.Release(1)
		}()
	}
	wg.Wait()
}

// The same with the caller's context: once it is cancelled, a worker's
// Acquire fails and takes nothing, the worker runs without a permit, and
// its Release panics.
func (s *Server) WorkersCtx(ctx context.Context, n int) {
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.sem.Acquire(ctx, 1) // want `^latent: the error of s\.sem\.Acquire is dropped: when the context is done before a permit is free.*err != nil { return }`
			work()
			s.sem.Release(1)
		}()
	}
	wg.Wait()
}
