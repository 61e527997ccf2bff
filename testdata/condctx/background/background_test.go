package background

import (
	"context"
	"sync"
)

// A test's mock blocks its callers until the test lets them go: test
// code, whose hangs go test's -timeout stops.
func mockSender(blocked *bool, cond *sync.Cond) func(ctx context.Context) error {
	return func(ctx context.Context) error {
		cond.L.Lock()
		defer cond.L.Unlock()
		for *blocked {
			cond.Wait()
		}
		return nil
	}
}
