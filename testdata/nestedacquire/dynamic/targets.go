package dynamic

import "sync"

// Calls with several targets the package settles: the call makes the
// acquires every target makes.

type Registry struct {
	mu     sync.Mutex
	names  map[string]int
	codec  codec
	sink   sink
	notify func(r *Registry, k string)
	audit  func(r *Registry, k string)
}

// codec has two implementations, and both lock the registry.
type codec interface {
	encode(r *Registry, k string)
}

type jsonCodec struct{}

func (jsonCodec) encode(r *Registry, k string) {
	r.mu.Lock()
	r.names[k]++
	r.mu.Unlock()
}

type textCodec struct{}

func (*textCodec) encode(r *Registry, k string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.names[k]--
}

func NewRegistry(text bool) *Registry {
	r := &Registry{names: map[string]int{}, codec: jsonCodec{}}
	if text {
		r.codec = &textCodec{}
	}
	r.notify = notifyLocked
	r.audit = auditQuiet
	if text {
		r.notify = notifyText
		r.audit = auditLocked
	}
	return r
}

// Encode holds r.mu and calls codec.encode, which locks r.mu in either
// implementation.
func (r *Registry) Encode(k string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.codec.encode(r, k) // want `certain: call to codec\.encode \(all 2 implementations\) acquires r\.mu`
}

func notifyLocked(r *Registry, k string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.names[k] = 0
}

func notifyText(r *Registry, k string) {
	r.mu.Lock()
	r.names[k] = 1
	r.mu.Unlock()
}

// Notify's field is set to two functions, and both lock the registry:
// Notify holds r.mu when it calls either.
func (r *Registry) Notify(k string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.notify(r, k) // want `certain: call to notify \(all 2 functions it is set to\) acquires r\.mu`
}

func auditLocked(r *Registry, k string) {
	r.mu.Lock()
	defer r.mu.Unlock()
}

func auditQuiet(r *Registry, k string) {}

// Audit's field is set to two functions, of which only one locks: which
// one runs depends on how the registry was made, so nothing is certain.
func (r *Registry) Audit(k string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.audit(r, k)
}

// sink has a locking implementation and a wrapper that embeds the
// interface: the wrapper runs whatever it holds, which is not known.
type sink interface {
	put(r *Registry, k string)
}

type lockingSink struct{}

func (lockingSink) put(r *Registry, k string) {
	r.mu.Lock()
	r.mu.Unlock()
}

type countingSink struct {
	sink
	n int
}

func (r *Registry) Put(k string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sink.put(r, k)
}

// A type declared in a function counts too: it wraps the sink it is
// given, so the call may run code the package does not know.
func (r *Registry) Wrap(s sink) {
	type local struct{ sink }
	r.sink = local{s}
	r.sink = countingSink{sink: lockingSink{}}
}

// Sealed has an unexported method, but Flush is exported and Disk is
// exported: a type in another package can embed Disk and override Flush.
type Sealed interface {
	Flush(r *Registry)
	sealed()
}

type Disk struct{}

func (Disk) Flush(r *Registry) {
	r.mu.Lock()
	r.mu.Unlock()
}

func (Disk) sealed() {}

func (r *Registry) FlushTo(s Sealed) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s.Flush(r)
}
