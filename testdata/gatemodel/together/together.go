// Package together: where the package's own code shows two points
// running at once. point("x") marks a program point; check("x") asks
// whether the check and the point run together, on instances of the
// checking method's receiver type, and why.
package together

import (
	"net/http"
	"sync"
	"time"
)

func point(string) {}
func check(string) {}

// A Ticker's constructor starts a goroutine nothing waits for.
type Ticker struct{ n int }

func NewTicker() *Ticker {
	t := &Ticker{}
	go t.run()
	return t
}

func (t *Ticker) run() {
	for range time.Tick(time.Second) {
		t.step()
	}
}

// step runs on run's goroutine: what run calls is detached with it.
func (t *Ticker) step() { check("tick") } // want `together: step runs on a goroutine started at together\.go:21 that nothing waits for`

func (t *Ticker) Read() { point("tick") }

// An Index's workers are joined before Build returns: they run only
// within its call.
type Index struct{ n int }

func (x *Index) Build() {
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x.extract()
		}()
	}
	wg.Wait()
}

func (x *Index) extract() { check("build") } // want `not together`

func (x *Index) Errors() { point("build") }

// A Page serves HTTP requests: net/http runs them on a goroutine per
// connection, and what ServeHTTP calls runs there with it.
type Page struct{ hits int }

func (p *Page) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	check("serve") // want `together: ServeHTTP serves HTTP requests, which net/http runs on a goroutine per connection`
	p.Render()
}

func (p *Page) Render() { check("render") } // want `together: Render runs for ServeHTTP, which serves HTTP requests on a goroutine per connection`

func (p *Page) Reset() {
	point("serve")
	point("render")
}

// A Meter's doc claims concurrent use.
//
// A Meter is safe for concurrent use by multiple goroutines.
type Meter struct{ n int }

func (m *Meter) Inc() { check("meter") } // want `together: Meter's doc says "A Meter is safe for concurrent use by multiple goroutines\."`

func (m *Meter) Value() { point("meter") }

// A Counter shows nothing: its owner may call both methods from one
// goroutine.
type Counter struct{ n int }

func (c *Counter) Inc() { check("counter") } // want `not together`

func (c *Counter) Value() { point("counter") }

// A Debouncer's fire runs on the goroutine time.AfterFunc starts, which
// nothing waits for.
type Debouncer struct{ t *time.Timer }

func (d *Debouncer) Trigger() { d.t = time.AfterFunc(time.Second, d.fire) }

func (d *Debouncer) fire() { check("fire") } // want `together: fire runs on a goroutine time\.AfterFunc starts at together\.go:\d+, which nothing waits for`

func (d *Debouncer) Pending() { point("fire") }
