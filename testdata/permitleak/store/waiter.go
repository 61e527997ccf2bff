package store

import (
	"errors"
	"sync"
)

// A fetcher lets one request fetch a key while the others wait on its
// waiter: reserve makes the waiter locked and, when it wins the key,
// returns it still locked for its caller to fill and unlock (finish); on
// the other paths it unlocks it and returns no waiter. The lock travels
// with the waiter it returns: no report.
type waiter struct {
	mu   sync.Mutex
	data []byte
	err  error
}

type Fetcher struct {
	mu       sync.Mutex
	inFlight map[string]*waiter
	cache    map[string][]byte
}

func (f *Fetcher) reserve(key string) (*waiter, []byte) {
	w := &waiter{}
	w.mu.Lock()
	f.mu.Lock()
	if data, ok := f.cache[key]; ok {
		f.mu.Unlock()
		w.mu.Unlock()
		return nil, data
	}
	if other, ok := f.inFlight[key]; ok {
		f.mu.Unlock()
		w.mu.Unlock()
		other.mu.Lock()
		defer other.mu.Unlock()
		return nil, other.data
	}
	f.inFlight[key] = w
	f.mu.Unlock()
	return w, nil
}

func (f *Fetcher) finish(key string, w *waiter, data []byte, err error) {
	w.data, w.err = data, err
	f.mu.Lock()
	delete(f.inFlight, key)
	f.cache[key] = data
	f.mu.Unlock()
	w.mu.Unlock()
}

func (f *Fetcher) Get(key string, load func() ([]byte, error)) ([]byte, error) {
	w, data := f.reserve(key)
	if w == nil {
		return data, nil
	}
	data, err := load()
	f.finish(key, w, data, err)
	return data, err
}

// reserveChecked, its twin, refuses a key when too many are in flight,
// after it has put the waiter in the map: that return keeps w.mu and
// hands no waiter on, so nobody unlocks it, and every later Get of the
// key waits on it for ever.
func (f *Fetcher) reserveChecked(key string) (*waiter, []byte, error) {
	w := &waiter{}
	w.mu.Lock()
	f.mu.Lock()
	if data, ok := f.cache[key]; ok {
		f.mu.Unlock()
		w.mu.Unlock()
		return nil, data, nil
	}
	if other, ok := f.inFlight[key]; ok {
		f.mu.Unlock()
		w.mu.Unlock()
		other.mu.Lock()
		data, err := other.data, other.err
		other.mu.Unlock()
		return nil, data, err
	}
	f.inFlight[key] = w
	if len(f.inFlight) > maxInFlight {
		f.mu.Unlock()
		return nil, nil, errBusy // want `certain: this return keeps w\.mu`
	}
	f.mu.Unlock()
	return w, nil, nil
}

const maxInFlight = 64

var errBusy = errors.New("busy")

// GetChecked waits on another request's waiter, or fills its own.
func (f *Fetcher) GetChecked(key string, load func() ([]byte, error)) ([]byte, error) {
	w, data, err := f.reserveChecked(key)
	if err != nil || w == nil {
		return data, err
	}
	data, err = load()
	f.finish(key, w, data, err)
	return data, err
}
