package fields

import "sync"

// A hub with two locks: hmu for its handlers, reqMu for its requests.
// Prepare and Reset set the requests map up under hmu, the wrong one,
// while Wait reads it under reqMu: the two locks do not exclude each
// other, and the message says so.
//
// It is safe for concurrent use.
type Hub struct {
	hmu      sync.Mutex
	reqMu    sync.Mutex
	handlers map[string]func()
	requests map[int]chan int
}

func (h *Hub) Prepare() {
	h.hmu.Lock()
	defer h.hmu.Unlock()
	h.handlers = make(map[string]func())
	h.requests = make(map[int]chan int)
}

func (h *Hub) Reset() {
	h.hmu.Lock()
	defer h.hmu.Unlock()
	h.handlers = nil
	h.requests = nil
}

func (h *Hub) Handle(name string, f func()) {
	h.hmu.Lock()
	defer h.hmu.Unlock()
	h.handlers[name] = f
}

func (h *Hub) Wait(id int) chan int {
	h.reqMu.Lock()
	defer h.reqMu.Unlock()
	ch := make(chan int, 1)
	h.requests[id] = ch // want `^latent: Wait reads h\.requests holding h\.reqMu but not h\.hmu, which guards it in Prepare, Reset: .*; hold h\.hmu around the use, or make every access take the same one of h\.reqMu and h\.hmu$`
	return ch
}
