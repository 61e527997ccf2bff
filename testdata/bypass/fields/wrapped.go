package fields

import "sync"

// A lock promoted from a struct that embeds it is named as the code
// selects it: d.mu, not d.mu.Mutex.
type Details struct {
	mu counts
}

// counts is safe for concurrent use.
type counts struct {
	sync.Mutex
	total int
}

func (d *Details) Add(n int) {
	d.mu.Lock()
	d.mu.total += n
	d.mu.Unlock()
}

func (d *Details) Reset() {
	d.mu.Lock()
	d.mu.total = 0
	d.mu.Unlock()
}

func (d *Details) Total() int {
	return d.mu.total // want `Total reads d\.mu\.total without holding d\.mu, which guards it in Add, Reset`
}
