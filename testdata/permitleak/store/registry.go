package store

import (
	"errors"
	"sync"
)

// Registry is served by an unexported client that other packages reach
// only through the interface.
type Registry interface {
	Register(subject string, id int)
	Versions(ids []string) ([]int, error)
}

type registry struct {
	mu   sync.RWMutex
	keys map[string]int
}

func NewRegistry() Registry { return &registry{keys: map[string]int{}} }

func (r *registry) Register(subject string, id int) {
	r.mu.Lock()
	r.keys[subject] = id
	r.mu.Unlock()
}

// Versions read-locks the registry and, in its loop, returns an error
// holding it when an entry is missing; the normal return releases it
// and sets the error only when nothing was found: it means to release.
func (r *registry) Versions(ids []string) (out []int, err error) {
	r.mu.RLock()
	for _, id := range ids {
		n, ok := r.keys[id]
		if !ok {
			err = errMissingKey
			return // want `latent: this return keeps r\.mu \(sync\.RWMutex\) held`
		}
		out = append(out, n)
	}
	r.mu.RUnlock()
	if len(out) == 0 {
		err = errMissingKey
	}
	return
}

var errMissingKey = errors.New("missing key")

// Lookup goes through the interface: the callers of Versions are not
// all known here.
func Lookup(r Registry, ids []string) ([]int, error) { return r.Versions(ids) }
