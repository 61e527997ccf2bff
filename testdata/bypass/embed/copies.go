package embed

import (
	"net/http"
	"strings"
	"sync"
)

// A transaction embeds its event by value and writes the event's fields
// under its own lock while it runs, from the requests it serves. Once it
// ends, the harvest writes out events that are copies (Snapshot): an
// Event apart, no transaction's part, which no transaction's lock can
// guard. WriteTo is not reported; CallCount, a transaction's method
// that reads its own event's counter without its lock, is.

// Txn is safe for concurrent use.
type Txn struct {
	sync.Mutex
	Event
}

type Event struct {
	Path  string
	Calls int
}

// Handler records each request's path on the transaction.
func (t *Txn) Handler() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { t.SetPath(r.URL.Path) }
}

func (t *Txn) SetPath(p string) {
	t.Lock()
	defer t.Unlock()
	t.Path = p
	t.Calls++
}

func (t *Txn) Reset() {
	t.Lock()
	defer t.Unlock()
	t.Path, t.Calls = "", 0
}

// Snapshot copies the event under the lock.
func (t *Txn) Snapshot() *Event {
	t.Lock()
	defer t.Unlock()
	e := new(Event)
	*e = t.Event
	return e
}

// CallCount reads the running transaction's counter without its lock.
func (t *Txn) CallCount() int { return t.Calls } // want `latent: CallCount reads t\.Calls without holding t\.Mutex`

// WriteTo writes out a copy's path.
func (e *Event) WriteTo(b *strings.Builder) { b.WriteString(e.Path) }

// Harvest writes out the copies.
func Harvest(events []*Event) string {
	var b strings.Builder
	for _, e := range events {
		e.WriteTo(&b)
	}
	return b.String()
}
