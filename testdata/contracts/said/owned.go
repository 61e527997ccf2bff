package said

import (
	"sync"

	"example.com/contracts/lib"
)

// A Resolver's register is called with r.mu held once the resolver is
// published; its constructor fills a resolver nobody else can reach yet,
// without the lock: no report.
type Resolver struct {
	mu      sync.Mutex
	sources map[string]int
}

// register records a source. The caller must hold r.mu after the
// resolver is published.
func (r *Resolver) register(name string, n int) { r.sources[name] = n }

func NewResolver(names []string) *Resolver {
	r := &Resolver{sources: make(map[string]int)}
	for i, name := range names {
		r.register(name, i)
	}
	return r
}

func (r *Resolver) Add(name string, n int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.register(name, n)
}

// The twin publishes the resolver in a registry other goroutines read
// (Lookup) before it fills it: the unlocked register races with them.
var (
	registryMu sync.Mutex
	registry   = map[string]*Resolver{}
)

// NewNamedResolver stores the resolver where Lookup finds it, then
// registers its names without r.mu: a Lookup on another goroutine reads
// the sources map while register writes it, a concurrent map access.
func NewNamedResolver(key string, names []string) *Resolver {
	r := &Resolver{sources: make(map[string]int)}
	registryMu.Lock()
	registry[key] = r
	registryMu.Unlock()
	for i, name := range names {
		r.register(name, i) // want `certain: \(\*Resolver\)\.register requires r\.mu held`
	}
	return r
}

func Lookup(key, name string) int {
	registryMu.Lock()
	r := registry[key]
	registryMu.Unlock()
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.sources[name]
}

// NewCheckedResolver reads its limit through a check that sees the
// resolver being built: the settings call the check before they return
// and keep it nowhere, so the resolver is still its constructor's own
// when it registers its names.
func NewCheckedResolver(s *lib.Settings, names []string) *Resolver {
	r := &Resolver{sources: make(map[string]int)}
	limit := s.GetChecked("limit", len(names), func(v int) bool { return v >= len(r.sources) })
	for i, name := range names[:min(limit, len(names))] {
		r.register(name, i)
	}
	return r
}

// NewWatchedResolver hands a closure that reads the resolver to Watch,
// which runs it on a goroutine of its own: that goroutine reads the
// sources map while register writes it, a concurrent map access.
func NewWatchedResolver(s *lib.Settings, names []string) *Resolver {
	r := &Resolver{sources: make(map[string]int)}
	s.Watch("limit", func(v int) { _ = r.sources["first"] + v })
	for i, name := range names {
		r.register(name, i) // want `certain: \(\*Resolver\)\.register requires r\.mu held`
	}
	return r
}

// Start reads the resolver on a goroutine of its own.
func (r *Resolver) Start() {
	go func() { _ = Lookup("", "") + len(r.sources) }()
}

// NewStartedResolver hands the resolver, as a Starter, to StartIt,
// whose Start reads it on another goroutine while register writes it.
func NewStartedResolver(names []string) *Resolver {
	r := &Resolver{sources: make(map[string]int)}
	lib.StartIt(r)
	for i, name := range names {
		r.register(name, i) // want `certain: \(\*Resolver\)\.register requires r\.mu held`
	}
	return r
}

// NewDeferredResolver gets its closure back from OrNoop and starts it:
// the goroutine reads the sources map while register writes it.
func NewDeferredResolver(names []string) *Resolver {
	r := &Resolver{sources: make(map[string]int)}
	f := lib.OrNoop(func() { _ = r.sources["first"] })
	go f()
	for i, name := range names {
		r.register(name, i) // want `certain: \(\*Resolver\)\.register requires r\.mu held`
	}
	return r
}
