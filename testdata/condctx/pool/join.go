package pool

import (
	"context"
	"errors"
	"sync"
)

// RPCs counts calls in flight: every call counts itself in (begin) and
// out (end, deferred) around its work. Close refuses new calls and
// joins those under way: it ends when they do, as a sync.WaitGroup's
// Wait would, and is not reported though it never reads ctx; whether
// the calls end on cancellation is up to the contexts they run with.
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

// Frontier counts the pages found and not yet crawled: a worker takes
// one, pushes the links it finds and then marks the page done, but not
// in a deferred call, and it stops on ctx between pages: nothing
// guarantees each count-in its count-out.
type Frontier struct {
	mu      sync.Mutex
	idle    sync.Cond
	pending int
	pages   []string
}

func NewFrontier() *Frontier {
	f := &Frontier{}
	f.idle.L = &f.mu
	return f
}

func (f *Frontier) Push(url string) {
	f.mu.Lock()
	f.pages = append(f.pages, url)
	f.pending++
	f.mu.Unlock()
}

func (f *Frontier) take() (string, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.pages) == 0 {
		return "", false
	}
	url := f.pages[0]
	f.pages = f.pages[1:]
	return url, true
}

func (f *Frontier) done() {
	f.mu.Lock()
	f.pending--
	if f.pending == 0 {
		f.idle.Broadcast()
	}
	f.mu.Unlock()
}

// Worker crawls until ctx is done, leaving what it has not taken
// pending.
func (f *Frontier) Worker(ctx context.Context, fetch func(context.Context, string) []string) {
	for ctx.Err() == nil {
		url, ok := f.take()
		if !ok {
			return
		}
		for _, link := range fetch(ctx, url) {
			f.Push(link)
		}
		f.done()
	}
}

// Wait waits for the crawl to finish: once the workers stop on ctx with
// pages pending, nothing counts them out and Wait waits on.
func (f *Frontier) Wait(ctx context.Context) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for f.pending > 0 {
		f.idle.Wait() // want `certain: Wait waits in a sync\.Cond loop that never looks at ctx`
	}
}

// Batcher joins its calls in flight (begin; defer end) but also waits
// for buffered entries, which only a Flush that may never come counts
// out: the loop waits for both.
type Batcher struct {
	mu       sync.Mutex
	cond     sync.Cond
	inflight int
	buffered int
}

func NewBatcher() *Batcher {
	b := &Batcher{}
	b.cond.L = &b.mu
	return b
}

func (b *Batcher) begin() {
	b.mu.Lock()
	b.inflight++
	b.mu.Unlock()
}

func (b *Batcher) end() {
	b.mu.Lock()
	b.inflight--
	b.cond.Broadcast()
	b.mu.Unlock()
}

// Send runs one call.
func (b *Batcher) Send(ctx context.Context, do func(context.Context)) {
	b.begin()
	defer b.end()
	do(ctx)
}

func (b *Batcher) Buffer() {
	b.mu.Lock()
	b.buffered++
	b.mu.Unlock()
}

func (b *Batcher) Flush() {
	b.mu.Lock()
	b.buffered = 0
	b.cond.Broadcast()
	b.mu.Unlock()
}

// Close waits for the calls in flight and for a Flush: cancelled with
// entries buffered and no Flush to come, it waits on.
func (b *Batcher) Close(ctx context.Context) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for b.buffered > 0 || b.inflight > 0 {
		b.cond.Wait() // want `certain: Close waits in a sync\.Cond loop that never looks at ctx`
	}
}

// Started waits for a call to begin, not for calls to end: the same
// paired counter, the other way round.
type Started struct {
	mu     sync.Mutex
	cond   sync.Cond
	active int
}

func NewStarted() *Started {
	s := &Started{}
	s.cond.L = &s.mu
	return s
}

func (s *Started) begin() {
	s.mu.Lock()
	s.active++
	s.cond.Broadcast()
	s.mu.Unlock()
}

func (s *Started) end() {
	s.mu.Lock()
	s.active--
	s.cond.Broadcast()
	s.mu.Unlock()
}

// Run runs one call.
func (s *Started) Run(ctx context.Context, do func(context.Context)) {
	s.begin()
	defer s.end()
	do(ctx)
}

// Await waits until some call runs: cancelled before anyone calls Run,
// it waits on.
func (s *Started) Await(ctx context.Context) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.active == 0 {
		s.cond.Wait() // want `certain: Await waits in a sync\.Cond loop that never looks at ctx`
	}
}

// A Scheduler runs batches on workers with its own context; Close
// cancels that context and then waits for the batches under way to
// finish: the wait is what Close means, and the context it would watch
// is cancelled already. Stop waits without cancelling: a batch that
// never finishes keeps it waiting after its context is cancelled.
type Scheduler struct {
	ctx     context.Context
	cancel  context.CancelFunc
	orders  *Orders
	stopped bool
}

func NewScheduler() *Scheduler {
	s := &Scheduler{orders: NewOrders()}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	return s
}

func (s *Scheduler) Close() {
	s.cancel()
	s.orders.settle()
}

// Stop waits for the open orders without cancelling its context.
func (s *Scheduler) Stop() {
	s.stopped = true
	s.orders.settle() // want `certain: \(\*Orders\)\.settle blocks in sync\.Cond\.Wait.*\(1 more call in this package blocks on the same Wait: join\.go:\d+\)$`
}

// settle waits for every open order to ship.
func (o *Orders) settle() {
	o.mu.Lock()
	defer o.mu.Unlock()
	for o.open != 0 {
		o.shipped.Wait()
	}
}

// FlushAfterPing cancels the child context it made for its ping, not
// the one it runs with: cancelled while orders are open and no shipper
// comes, it waits on.
func (o *Orders) FlushAfterPing(ctx context.Context, ping func(context.Context) error) {
	pctx, cancel := context.WithCancel(ctx)
	_ = ping(pctx)
	cancel()
	o.mu.Lock()
	defer o.mu.Unlock()
	for o.open != 0 {
		o.shipped.Wait() // want `certain: FlushAfterPing waits in a sync\.Cond loop that never looks at ctx`
	}
}

// CloseOther cancels another scheduler's context, not its own: its own
// wait goes on after its context is cancelled.
func (s *Scheduler) CloseOther(o *Scheduler) {
	o.cancel()
	s.orders.settle()
}
