// Package served holds the field shape where the other goroutine is
// net/http's: a handler the package hands to a server (an http.Handler,
// an http.HandlerFunc, a func or method value of the handler's
// signature) is kept and called for every request, each connection's on
// a goroutine of its own, beside the handler's other requests and
// whatever the server's owner does meanwhile. It is not a callback run
// in place, covered by the locks its registrar holds.
package served

import (
	"net/http"
	"sort"
	"strconv"
	"sync"
)

// Stats serves its count. Its doc says nothing of goroutines, but its
// ServeHTTP serves requests: hits, counted under mu by Record, races
// with ServeHTTP's unguarded count.
type Stats struct {
	mu   sync.Mutex
	hits int
}

func (s *Stats) Record() {
	s.mu.Lock()
	s.hits++
	s.mu.Unlock()
}

func (s *Stats) Reset() {
	s.mu.Lock()
	s.hits = 0
	s.mu.Unlock()
}

func (s *Stats) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.hits++ // want `^latent: ServeHTTP writes s\.hits without holding s\.mu, which guards it in Record, Reset: ServeHTTP serves HTTP requests, which net/http runs on a goroutine per connection, so when one of them runs`
	w.Write([]byte(strconv.Itoa(0)))
}

// Totals is Stats with the lock kept in ServeHTTP: not reported.
type Totals struct {
	mu   sync.Mutex
	hits int
}

func (t *Totals) Record() {
	t.mu.Lock()
	t.hits++
	t.mu.Unlock()
}

func (t *Totals) Reset() {
	t.mu.Lock()
	t.hits = 0
	t.mu.Unlock()
}

func (t *Totals) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	t.mu.Lock()
	t.hits++
	n := t.hits
	t.mu.Unlock()
	w.Write([]byte(strconv.Itoa(n)))
}

// An App registers a handler literal on a mux. The handler runs on each
// request's goroutine, after Routes has returned, without the lock Routes
// holds while it registers.
type App struct {
	mu     sync.Mutex
	visits int
	routes []string
}

func (a *App) Visit() {
	a.mu.Lock()
	a.visits++
	a.mu.Unlock()
}

func (a *App) Visits() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.visits
}

func (a *App) Routes(mux *http.ServeMux) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.routes = append(a.routes, "/visit")
	mux.HandleFunc("/visit", func(w http.ResponseWriter, r *http.Request) {
		a.visits++ // want `^latent: a func literal in Routes writes a\.visits without holding a\.mu, which guards it in Visit, Visits: a func literal in Routes serves HTTP requests`
	})
}

// A Shop registers a method value, converted to http.HandlerFunc; its
// Sort runs a literal in place under the lock sort.Slice's caller
// holds, which stays covered.
type Shop struct {
	mu    sync.Mutex
	sold  int
	items []string
}

func (s *Shop) Sell() {
	s.mu.Lock()
	s.sold++
	s.mu.Unlock()
}

func (s *Shop) Sort() {
	s.mu.Lock()
	defer s.mu.Unlock()
	sort.Slice(s.items, func(i, j int) bool {
		s.sold++
		return s.items[i] < s.items[j]
	})
}

func (s *Shop) Mount(mux *http.ServeMux) {
	mux.Handle("/sold", http.HandlerFunc(s.report))
}

func (s *Shop) report(w http.ResponseWriter, r *http.Request) {
	s.sold = 0 // want `^latent: report writes s\.sold without holding s\.mu, which guards it in Sell, Sort: report serves HTTP requests`
}

// A status page is an unexported handler type handed to a mux: its
// ServeHTTP runs on the server's goroutines, not in place.
type status struct {
	mu sync.Mutex
	up bool
}

func (s *status) Set(up bool) {
	s.mu.Lock()
	s.up = up
	s.mu.Unlock()
}

func (s *status) Toggle() {
	s.mu.Lock()
	s.up = !s.up
	s.mu.Unlock()
}

func (s *status) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.up { // want `^latent: ServeHTTP reads s\.up without holding s\.mu, which guards it in Set, Toggle: ServeHTTP serves HTTP requests`
		w.WriteHeader(http.StatusOK)
	}
}

// Mount gives the status page to mux and to the caller, who sets it.
func Mount(mux *http.ServeMux) *status {
	s := &status{}
	mux.Handle("/status", s)
	return s
}
