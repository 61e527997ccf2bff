package pool

import (
	"context"
	"errors"
	"sync"
)

// RPCs counts calls in flight: every call counts itself in (begin) and
// out (end, deferred) around its work, which uses the call's ctx. Close
// refuses new calls and joins those under way: it ends when they do,
// which a cancelled ctx hastens, so it is not reported though it never
// reads ctx.
type RPCs struct {
	mu       sync.Mutex
	drained  sync.Cond
	inFlight int
	closed   bool
}

func NewRPCs() *RPCs {
	r := &RPCs{}
	r.drained.L = &r.mu
	return r
}

func (r *RPCs) begin() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return errors.New("closed")
	}
	r.inFlight++
	return nil
}

func (r *RPCs) end() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.inFlight--
	if r.inFlight == 0 {
		r.drained.Broadcast()
	}
}

// Call runs one call.
func (r *RPCs) Call(ctx context.Context, do func(context.Context) error) error {
	if err := r.begin(); err != nil {
		return err
	}
	defer r.end()
	return do(ctx)
}

// Close waits for the calls in flight.
func (r *RPCs) Close(ctx context.Context) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.closed = true
	for r.inFlight > 0 {
		r.drained.Wait()
	}
}

// Orders counts orders placed and not yet shipped: Place counts one in,
// Ship, which a shipper calls when it gets to it, counts it out; nothing
// pairs the two, so what Flush waits for may never come.
type Orders struct {
	mu      sync.Mutex
	shipped sync.Cond
	open    int
}

func NewOrders() *Orders {
	o := &Orders{}
	o.shipped.L = &o.mu
	return o
}

func (o *Orders) Place() {
	o.mu.Lock()
	o.open++
	o.mu.Unlock()
}

func (o *Orders) Ship() {
	o.mu.Lock()
	o.open--
	if o.open == 0 {
		o.shipped.Broadcast()
	}
	o.mu.Unlock()
}

// Flush waits for every open order to ship: cancelled while one is open
// and no shipper comes, it waits on.
func (o *Orders) Flush(ctx context.Context) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for o.open != 0 {
		o.shipped.Wait() // want `certain: Flush waits in a sync\.Cond loop that never looks at ctx`
	}
}
