// Package escape: a func value that leaves the package through a
// conversion (http.HandlerFunc(f) returned as an http.Handler) is an
// entry of its own, even when an unexported helper makes it.
package escape

import (
	"net/http"
	"sync"
)

var (
	mu   sync.Mutex
	hits = map[string]int{}
)

func Add(k string) {
	mu.Lock()
	defer mu.Unlock()
	hits[k]++
}

func Del(k string) {
	mu.Lock()
	defer mu.Unlock()
	delete(hits, k)
}

func handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits[r.URL.Path]++ // want `latent: a func literal in handler writes hits without holding mu, which guards it in Add, Del`
	})
}

func Register(m *http.ServeMux) { m.Handle("/", handler()) }

// lockedHandler's func takes the lock: nothing to report.
func lockedHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		hits[r.URL.Path]++
	})
}

func RegisterLocked(m *http.ServeMux) { m.Handle("/locked", lockedHandler()) }
