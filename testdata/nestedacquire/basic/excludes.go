package basic

import "sync"

// Registry runs hooks that may call back into it.
type Registry struct {
	mu    sync.Mutex
	hooks []func()
}

func (r *Registry) Add(h func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.hooks = append(r.hooks, h)
}

// notify runs the hooks, which may Add: callers must not hold r.mu.
//
//gatevet:excludes r.mu
func (r *Registry) notify(hooks []func()) {
	for _, h := range hooks {
		h()
	}
}

// Fire holds r.mu while the hooks run: a hook that Adds blocks forever.
func (r *Registry) Fire() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.notify(r.hooks) // want `^certain: call to \(\*Registry\)\.notify while r\.mu is held on this path \(locked at excludes\.go:28\): \(\*Registry\)\.notify must not be called with r\.mu held`
}

// FireCopy copies the hooks under r.mu and runs them after.
func (r *Registry) FireCopy() {
	r.mu.Lock()
	hooks := append([]func(){}, r.hooks...)
	r.mu.Unlock()
	r.notify(hooks)
}

// fireLocked's callers hold r.mu by its contract, so its notify runs
// the hooks under r.mu.
//
//gatevet:holds r.mu
func (r *Registry) fireLocked() {
	r.notify(r.hooks) // want `^certain: call to \(\*Registry\)\.notify while r\.mu is held on this path \(callers hold it by the //gatevet:holds r\.mu contract`
}
