package readers

import "sync"

// Page's frames are written by the event loop the package starts, and
// once by Attach, which Open calls before anyone reads the page.
type Page struct {
	mu     sync.RWMutex
	frames map[string]int
	events chan string
}

func NewPage() *Page {
	p := &Page{frames: map[string]int{}, events: make(chan string)}
	go p.loop()
	return p
}

// Open attaches the first frame.
func (p *Page) Open(id string) { p.Attach(id) }

func (p *Page) Attach(id string) {
	p.mu.Lock()
	p.frames[id] = 0
	p.mu.Unlock()
}

func (p *Page) loop() {
	for e := range p.events {
		p.mu.Lock()
		p.frames[e]++
		p.mu.Unlock()
	}
}

func (p *Page) frame(id string) int {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.frames[id]
}

// Poll read-locks p.mu and reads through frame, which read-locks it
// again: an event the loop takes up between the two queues its write
// lock, and Poll and the loop deadlock. The writer named is the loop,
// which runs beside any reader.
func (p *Page) Poll(id string) int {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.frame(id) // want `latent: call to \(\*Page\)\.frame acquires p\.mu .*\(\(\*Page\)\.loop at events\.go:30 takes the write lock\)`
}
